-- a device by MAC, with its credentials (GatewayReadsRepository.byMac, batched)
SELECT mi."secret_hash", mi."mac_id" AS "inventory_mac_id", d."id", d."organisation_id", d."mac_id", d."name", d."label",
         hp."part_number", n."id" AS "network_id", n."network_name", n."timezone",
         h."applied_revision", h."firmware_version", h."up" AS "recorded_up",
         h."stations_digest", h."stations", n."config_version",
         cr."id" AS "cr_id", cr."state" AS "cr_state", cr."base_version" AS "cr_base_version",
         cr."stages" AS "cr_stages", cr."watch_seconds" AS "cr_watch_seconds",
         CASE WHEN cr."reverted_at" IS NULL THEN 0 ELSE 1 END AS "cr_reverted",
         CASE WHEN crd."id" IS NULL THEN NULL ELSE cr."ssids" END AS "cr_ssids",
         crd."stage" AS "crd_stage", crd."outcome" AS "crd_outcome",
         CASE WHEN crd."reported_at" IS NULL THEN 0 ELSE 1 END AS "crd_reported",
         (SELECT json_agg(json_build_object('id', u."id", 'uplink_type', u."uplink_type", 'details', CAST(u."details" AS json)) ORDER BY u."id") FROM "uplinks" u
    WHERE u."device_id" = d."id" AND u."is_deleted" = false) AS "uplinks",
         CAST((SELECT json_agg(json_build_object('id', s."id", 'ssid_name', s."ssid_name", 'settings', s."settings", 'associated_aps_and_tags', s."associated_aps_and_tags", 'dhcp_mappings', s."dhcp_mappings", 'dhcp_ranges', s."dhcp_ranges", 'v_lan_attributes', s."v_lan_attributes") ORDER BY s."id") FROM "network_ssids" s
          WHERE s."organisation_id" = d."organisation_id" AND s."location_network_id" = n."id")
          AS text) AS "ssids",
         CASE WHEN EXISTS (SELECT 1 FROM "upgrades" g
           WHERE g."organisation_id" = d."organisation_id" AND g."device_id" = d."id"
             AND g."status" IN ('pending', 'in_progress')
             AND (g."status" = 'in_progress' OR g."rollout_id" IS NOT NULL
                  OR g."schedule_type" IS NULL OR g."schedule_type" <> 'later'
                  OR g."schedule_at" <= $1)) THEN 1 ELSE 0 END AS "upgrade_in_play",
         CAST((SELECT json_agg(json_build_object('id', c."id", 'type', c."type", 'params', c."params", 'state', c."state") ORDER BY c."id") FROM "commands" c
          WHERE c."device_id" = d."id" AND c."organisation_id" = d."organisation_id"
            AND c."state" IN ('queued', 'sent') AND c."expires_at" > $2) AS text) AS "commands"
       FROM "master_inventory" mi LEFT JOIN "devices" d ON d."mac_id" = mi."mac_id"
       LEFT JOIN "hardware_parts" hp ON hp."id" = d."hardware_part_id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       LEFT JOIN "config_rollouts" cr ON cr."id" = n."latest_config_rollout_id"
       LEFT JOIN "config_rollout_devices" crd
         ON crd."config_rollout_id" = cr."id" AND crd."device_id" = d."id"
       WHERE mi."mac_id" = ANY(CAST($3 AS text[]));

-- a device by id (GatewayReadsRepository.byDevice, batched)
SELECT d."id", d."organisation_id", d."mac_id", d."name", d."label",
         hp."part_number", n."id" AS "network_id", n."network_name", n."timezone",
         h."applied_revision", h."firmware_version", h."up" AS "recorded_up",
         h."stations_digest", h."stations", n."config_version",
         cr."id" AS "cr_id", cr."state" AS "cr_state", cr."base_version" AS "cr_base_version",
         cr."stages" AS "cr_stages", cr."watch_seconds" AS "cr_watch_seconds",
         CASE WHEN cr."reverted_at" IS NULL THEN 0 ELSE 1 END AS "cr_reverted",
         CASE WHEN crd."id" IS NULL THEN NULL ELSE cr."ssids" END AS "cr_ssids",
         crd."stage" AS "crd_stage", crd."outcome" AS "crd_outcome",
         CASE WHEN crd."reported_at" IS NULL THEN 0 ELSE 1 END AS "crd_reported",
         (SELECT json_agg(json_build_object('id', u."id", 'uplink_type', u."uplink_type", 'details', CAST(u."details" AS json)) ORDER BY u."id") FROM "uplinks" u
    WHERE u."device_id" = d."id" AND u."is_deleted" = false) AS "uplinks",
         CAST((SELECT json_agg(json_build_object('id', s."id", 'ssid_name', s."ssid_name", 'settings', s."settings", 'associated_aps_and_tags', s."associated_aps_and_tags", 'dhcp_mappings', s."dhcp_mappings", 'dhcp_ranges', s."dhcp_ranges", 'v_lan_attributes', s."v_lan_attributes") ORDER BY s."id") FROM "network_ssids" s
          WHERE s."organisation_id" = d."organisation_id" AND s."location_network_id" = n."id")
          AS text) AS "ssids",
         CASE WHEN EXISTS (SELECT 1 FROM "upgrades" g
           WHERE g."organisation_id" = d."organisation_id" AND g."device_id" = d."id"
             AND g."status" IN ('pending', 'in_progress')
             AND (g."status" = 'in_progress' OR g."rollout_id" IS NOT NULL
                  OR g."schedule_type" IS NULL OR g."schedule_type" <> 'later'
                  OR g."schedule_at" <= $1)) THEN 1 ELSE 0 END AS "upgrade_in_play",
         CAST((SELECT json_agg(json_build_object('id', c."id", 'type', c."type", 'params', c."params", 'state', c."state") ORDER BY c."id") FROM "commands" c
          WHERE c."device_id" = d."id" AND c."organisation_id" = d."organisation_id"
            AND c."state" IN ('queued', 'sent') AND c."expires_at" > $2) AS text) AS "commands"
       FROM "devices" d
       LEFT JOIN "hardware_parts" hp ON hp."id" = d."hardware_part_id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       LEFT JOIN "config_rollouts" cr ON cr."id" = n."latest_config_rollout_id"
       LEFT JOIN "config_rollout_devices" crd
         ON crd."config_rollout_id" = cr."id" AND crd."device_id" = d."id"
       WHERE d."id" = ANY(CAST($3 AS int[]));
