-- the heartbeat of one check-in (HeartbeatsRepository.upsertCheckins)
INSERT INTO "heartbeats" ("device_id", "organisation_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "stations", "stations_digest", "stations_at")
         SELECT v."column1", v."column2", v."column3", v."column4", v."column5", v."column6", v."column7", v."column8", v."column9", v."column10", v."column11", v."column12", v."column13", v."column14", v."column15", v."column16", v."column17" FROM (VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)) AS v
         WHERE EXISTS (SELECT 1 FROM "devices" d
           WHERE d."id" = v."column1" AND d."organisation_id" = v."column2")
         ON CONFLICT ("device_id") DO UPDATE SET
         "name" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."name" ELSE COALESCE(EXCLUDED."name", "heartbeats"."name") END,
         "firmware_version" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."firmware_version" ELSE COALESCE(EXCLUDED."firmware_version", "heartbeats"."firmware_version") END,
         "hardware_model" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."hardware_model" ELSE COALESCE(EXCLUDED."hardware_model", "heartbeats"."hardware_model") END,
         "network_name" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."network_name" ELSE EXCLUDED."network_name" END,
         "public_ip" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."public_ip" ELSE EXCLUDED."public_ip" END,
         "received_at" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."received_at" ELSE EXCLUDED."received_at" END,
         "clients" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."clients" ELSE EXCLUDED."clients" END,
         "uptime_seconds" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."uptime_seconds" ELSE EXCLUDED."uptime_seconds" END,
         "checked_in_at" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."checked_in_at" ELSE EXCLUDED."checked_in_at" END,
         "applied_revision" = COALESCE(EXCLUDED."applied_revision", "heartbeats"."applied_revision"),
         "config_error_revision" = COALESCE(EXCLUDED."config_error_revision", "heartbeats"."config_error_revision"),
         "config_error_message" = CASE WHEN EXCLUDED."config_error_revision" IS NULL THEN "heartbeats"."config_error_message" ELSE EXCLUDED."config_error_message" END,
         "stations" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations" ELSE EXCLUDED."stations" END,
         "stations_digest" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations_digest" ELSE EXCLUDED."stations_digest" END,
         "stations_at" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations_at" ELSE EXCLUDED."stations_at" END
         WHERE "heartbeats"."up" = true
         RETURNING "device_id", "up";

-- the heartbeats of a batch of two check-ins
INSERT INTO "heartbeats" ("device_id", "organisation_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "stations", "stations_digest", "stations_at")
         SELECT v."column1", v."column2", v."column3", v."column4", v."column5", v."column6", v."column7", v."column8", v."column9", v."column10", v."column11", v."column12", v."column13", v."column14", v."column15", v."column16", v."column17" FROM (VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)) AS v
         WHERE EXISTS (SELECT 1 FROM "devices" d
           WHERE d."id" = v."column1" AND d."organisation_id" = v."column2")
         ON CONFLICT ("device_id") DO UPDATE SET
         "name" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."name" ELSE COALESCE(EXCLUDED."name", "heartbeats"."name") END,
         "firmware_version" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."firmware_version" ELSE COALESCE(EXCLUDED."firmware_version", "heartbeats"."firmware_version") END,
         "hardware_model" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."hardware_model" ELSE COALESCE(EXCLUDED."hardware_model", "heartbeats"."hardware_model") END,
         "network_name" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."network_name" ELSE EXCLUDED."network_name" END,
         "public_ip" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."public_ip" ELSE EXCLUDED."public_ip" END,
         "received_at" = CASE WHEN "heartbeats"."received_at" > EXCLUDED."received_at" THEN "heartbeats"."received_at" ELSE EXCLUDED."received_at" END,
         "clients" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."clients" ELSE EXCLUDED."clients" END,
         "uptime_seconds" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."uptime_seconds" ELSE EXCLUDED."uptime_seconds" END,
         "checked_in_at" = CASE WHEN "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."checked_in_at" ELSE EXCLUDED."checked_in_at" END,
         "applied_revision" = COALESCE(EXCLUDED."applied_revision", "heartbeats"."applied_revision"),
         "config_error_revision" = COALESCE(EXCLUDED."config_error_revision", "heartbeats"."config_error_revision"),
         "config_error_message" = CASE WHEN EXCLUDED."config_error_revision" IS NULL THEN "heartbeats"."config_error_message" ELSE EXCLUDED."config_error_message" END,
         "stations" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations" ELSE EXCLUDED."stations" END,
         "stations_digest" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations_digest" ELSE EXCLUDED."stations_digest" END,
         "stations_at" = CASE WHEN EXCLUDED."stations_at" IS NULL OR "heartbeats"."checked_in_at" > EXCLUDED."checked_in_at" THEN "heartbeats"."stations_at" ELSE EXCLUDED."stations_at" END
         WHERE "heartbeats"."up" = true
         RETURNING "device_id", "up";

-- which devices are UP (HeartbeatsRepository.upAmong)
SELECT h."device_id" AS id FROM "heartbeats" h
       WHERE h."organisation_id" = ? AND h."device_id" IN (SELECT value FROM json_each(?)) AND h."received_at" >= ?;

-- the DOWN sweep, every second on every instance (DeviceTransitionsRepository.sweepDown)
UPDATE "heartbeats" SET "up" = false, "silent_since" = "received_at"
         WHERE "up" = true AND "received_at" < ?
         RETURNING "device_id", "organisation_id", "received_at";

-- a device recorded UP by its heartbeat (DeviceTransitionsRepository.markUp)
UPDATE "heartbeats" SET "up" = true
       WHERE "device_id" = ? AND "organisation_id" = ?
         AND "up" = false
       RETURNING "silent_since";
