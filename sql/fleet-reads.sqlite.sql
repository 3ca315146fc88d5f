-- GET /v1/overview, statement 1
SELECT "u"."id" AS "u_id", "u"."rollout_id" AS "u_rollout_id" FROM "upgrades" "u" WHERE "u"."organisation_id" = 1 AND "u"."status" = 'in_progress' AND COALESCE("u"."device_seen_at", "u"."updated_at") < ?;

-- GET /v1/overview, statement 2
SELECT (SELECT COUNT(*) FROM "location_networks" WHERE "organisation_id" = ?) AS networks, (SELECT "device_count" FROM "organisations" WHERE "id" = ?) AS total, (SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = ?
         AND h."received_at" >= ?) AS up, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ?
             AND "status" = ?) AS pending, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ?
             AND "status" = ?) AS in_progress, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ?
             AND "status" = ?) AS done, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ?
             AND "status" = ?) AS failed, (SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ?
             AND "status" = ?) AS cancelled, (SELECT COUNT(*) FROM "rollouts" WHERE "organisation_id" = ?
         AND "state" = 'running') AS running;

-- GET /v1/access_points/statuses, statement 1
SELECT o."device_count" AS total,
                    (SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = o."id"
                       AND h."received_at" >= ?) AS up
             FROM "organisations" o WHERE o."id" = ?;

-- GET /v1/access_points/statuses, statement 2
SELECT d."id" AS id, d."mac_id" AS mac_id, d."name" AS name, d."label" AS label,
              d."location_network_id" AS location_network_id, h."received_at" AS received_at,
              h."firmware_version" AS firmware_version, h."clients" AS clients,
              h."uptime_seconds" AS uptime_seconds, h."applied_revision" AS applied_revision,
              n."network_name" AS network_name, n."timezone" AS network_timezone,
              (SELECT json_group_array(json_object('id', u."id", 'uplink_type', u."uplink_type", 'details', json(u."details")) ORDER BY u."id") FROM "uplinks" u
    WHERE u."device_id" = d."id" AND u."is_deleted" = false) AS uplinks
       FROM (SELECT d."id" AS id
             FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
             WHERE d."organisation_id" = ? ORDER BY d."id"
             LIMIT ? OFFSET ?) page
       JOIN "devices" d ON d."id" = page.id
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       ORDER BY d."id";

-- GET /v1/access_points/statuses, statement 3
SELECT "id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags",
                "dhcp_mappings", "dhcp_ranges", "v_lan_attributes"
         FROM "network_ssids"
         WHERE "organisation_id" = ?
           AND "location_network_id" IN (SELECT value FROM json_each(?))
         ORDER BY "id";
