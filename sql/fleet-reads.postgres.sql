-- GET /v1/overview, statement 1
SELECT "u"."id" AS "u_id", "u"."rollout_id" AS "u_rollout_id" FROM "upgrades" "u" WHERE "u"."organisation_id" = $1 AND "u"."status" = 'in_progress' AND COALESCE("u"."device_seen_at", "u"."updated_at") < $2;

-- GET /v1/overview, statement 2
SELECT (SELECT COUNT(*) FROM "location_networks" WHERE "organisation_id" = $1) AS networks, (SELECT "device_count" FROM "organisations" WHERE "id" = $2) AS total, (SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = $3
         AND h."received_at" >= $4) AS up, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = $5
             AND "status" = $6) AS pending, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = $7
             AND "status" = $8) AS in_progress, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = $9
             AND "status" = $10) AS done, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = $11
             AND "status" = $12) AS failed, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = $13
             AND "status" = $14) AS cancelled, (SELECT COUNT(*) FROM "rollouts" WHERE "organisation_id" = $15
         AND "state" = 'running') AS running;

-- GET /v1/access_points/statuses, statement 1
SELECT o."device_count" AS total,
                    (SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = o."id"
                       AND h."received_at" >= $1) AS up
             FROM "organisations" o WHERE o."id" = $2;

-- GET /v1/access_points/statuses, statement 2
SELECT d."id" AS id, d."mac_id" AS mac_id, d."name" AS name, d."label" AS label,
              d."location_network_id" AS location_network_id, h."received_at" AS received_at,
              h."firmware_version" AS firmware_version, h."clients" AS clients,
              h."uptime_seconds" AS uptime_seconds, h."applied_revision" AS applied_revision,
              d."config_revision" AS config_revision
       FROM (SELECT d."id" AS id
             FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
             WHERE d."organisation_id" = $1 ORDER BY d."id"
             LIMIT 100 OFFSET 0) page
       JOIN "devices" d ON d."id" = page.id
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       ORDER BY d."id";
