/** What the organisation's admin does during a run, and reads at its end. */
import type { ConfigRolloutRecord } from './config-rollout-check';
import type { FleetContext } from './fleet-context';
import type { ApiClient } from './http';
import type { ConfigRolloutOptions, SimulationOptions } from './options';
import { Fleet, TO_VERSION } from './setup';
import type { RolloutRecord } from './rollout-check';
import { errorMessage } from './tally';

/**
 * The admin upgrades every device of the network to the new release, now; as a staged rollout
 * when `rollout` is set. Null when the service refused it; else how many upgrades it created and
 * the rollout (null without one).
 */
export async function upgradeNetwork(
  client: ApiClient,
  fleet: Fleet,
  ctx: FleetContext,
  rollout: SimulationOptions['rollout'] = null,
): Promise<{ upgrades: number; rollout: RolloutRecord | null } | null> {
  const response = await client
    .request('operator', 'POST', '/upgrades', {
      auth: fleet.adminAuth,
      body: {
        upgrade: {
          upgrade_type: 'manual',
          version: TO_VERSION,
          schedule_type: 'now',
          aps: [`network:${fleet.networkId}`],
          ...(rollout && {
            rollout: {
              stages: rollout.stages,
              max_failure_percent: rollout.maxFailurePercent,
              auto_revert: rollout.autoRevert,
            },
          }),
        },
      },
    })
    .catch((error: unknown) => error);
  if (response instanceof Error || (response as { status: number }).status !== 200) {
    ctx.error('POST /upgrades', response);
    return null;
  }
  const data = (response as { body: { data: { upgrades: unknown[]; rollout?: RolloutRecord } } })
    .body.data;
  if (rollout && !data.rollout) {
    ctx.error('POST /upgrades', 'the answer has no data.rollout');
    return null;
  }
  return { upgrades: data.upgrades.length, rollout: data.rollout ?? null };
}

/** `GET /v1/rollouts/:id` as the admin; null when it could not be read. */
export async function fetchRollout(
  client: ApiClient,
  fleet: Fleet,
  id: number,
  ctx: FleetContext,
): Promise<RolloutRecord | null> {
  try {
    const response = await client.request('operator', 'GET', `/v1/rollouts/${id}`, {
      auth: fleet.adminAuth,
    });
    if (response.status !== 200) {
      ctx.error('GET /v1/rollouts/:id', response);
      return null;
    }
    return (response.body as { data: { rollout: RolloutRecord } }).data.rollout;
  } catch (error) {
    ctx.error('GET /v1/rollouts/:id', errorMessage(error));
    return null;
  }
}

/** The admin renames the network's SSID: every device's configuration goes out of sync. */
export async function renameSsid(client: ApiClient, fleet: Fleet, name: string, ctx: FleetContext) {
  const response = await client
    .request('operator', 'PATCH', `/v1/network_ssids/${fleet.ssidId}`, {
      auth: fleet.adminAuth,
      body: { network_ssid: { ssid_name: name } },
    })
    .catch((error: unknown) => error);
  if (response instanceof Error || (response as { status: number }).status !== 200) {
    ctx.error('PATCH /v1/network_ssids/:id', response);
  }
}

/**
 * The admin renames the network's SSID through a draft (the SSID with its new name, its key as
 * the setup made it) published in stages: a configuration rollout. Null when the service refused
 * either step.
 */
export async function publishRename(
  client: ApiClient,
  fleet: Fleet,
  name: string,
  rollout: ConfigRolloutOptions,
  ctx: FleetContext,
): Promise<ConfigRolloutRecord | null> {
  const draft = await client
    .request('operator', 'PUT', `/v1/location_networks/${fleet.networkId}/draft`, {
      auth: fleet.adminAuth,
      body: { draft: { ssids: [{ id: fleet.ssidId, ssid_name: name, wpa_key: fleet.wpaKey }] } },
    })
    .catch((error: unknown) => error);
  if (draft instanceof Error || (draft as { status: number }).status !== 200) {
    ctx.error('PUT /v1/location_networks/:id/draft', draft);
    return null;
  }
  const published = await client
    .request('operator', 'POST', `/v1/location_networks/${fleet.networkId}/draft/publish`, {
      auth: fleet.adminAuth,
      body: {
        publish: {
          stages: rollout.stages,
          max_failure_percent: rollout.maxFailurePercent,
          watch_seconds: rollout.watchSeconds,
          auto_revert: rollout.autoRevert,
        },
      },
    })
    .catch((error: unknown) => error);
  if (published instanceof Error || (published as { status: number }).status !== 200) {
    ctx.error('POST /v1/location_networks/:id/draft/publish', published);
    return null;
  }
  const record = (published as { body: { data: { config_rollout: ConfigRolloutRecord | null } } })
    .body.data.config_rollout;
  if (record === null) {
    ctx.error('POST /v1/location_networks/:id/draft/publish', 'the answer has no config_rollout');
  }
  return record;
}

/** `GET /v1/config_rollouts/:id` as the admin; null when it could not be read. */
export async function fetchConfigRollout(
  client: ApiClient,
  fleet: Fleet,
  id: number,
  ctx: FleetContext,
): Promise<ConfigRolloutRecord | null> {
  try {
    const response = await client.request('operator', 'GET', `/v1/config_rollouts/${id}`, {
      auth: fleet.adminAuth,
    });
    if (response.status !== 200) {
      ctx.error('GET /v1/config_rollouts/:id', response);
      return null;
    }
    return (response.body as { data: { config_rollout: ConfigRolloutRecord } }).data.config_rollout;
  } catch (error) {
    ctx.error('GET /v1/config_rollouts/:id', errorMessage(error));
    return null;
  }
}

/** The admin reverts a halted configuration rollout; its record afterwards (null: refused). */
export async function revertConfigRollout(
  client: ApiClient,
  fleet: Fleet,
  id: number,
  ctx: FleetContext,
): Promise<ConfigRolloutRecord | null> {
  const response = await client
    .request('operator', 'POST', `/v1/config_rollouts/${id}/revert`, { auth: fleet.adminAuth })
    .catch((error: unknown) => error);
  if (response instanceof Error || (response as { status: number }).status !== 200) {
    ctx.error('POST /v1/config_rollouts/:id/revert', response);
    return null;
  }
  return (response as { body: { data: { config_rollout: ConfigRolloutRecord } } }).body.data
    .config_rollout;
}

/** `GET /upgrades` as the admin, counted by status. */
export async function serverUpgradeCounts(client: ApiClient, fleet: Fleet, ctx: FleetContext) {
  try {
    const response = await client.request('operator', 'GET', '/upgrades', {
      auth: fleet.adminAuth,
    });
    if (response.status !== 200) {
      ctx.error('GET /upgrades', response);
      return null;
    }
    const counts: Record<string, number> = {};
    for (const upgrade of (response.body as { data: { upgrades: { status: string }[] } }).data
      .upgrades) {
      counts[upgrade.status] = (counts[upgrade.status] ?? 0) + 1;
    }
    return counts;
  } catch (error) {
    ctx.error('GET /upgrades', errorMessage(error));
    return null;
  }
}

/** Devices whose record (`get_network_devices`) says `config.in_sync: false`; null if not shown. */
export async function serverOutOfSync(client: ApiClient, fleet: Fleet, ctx: FleetContext) {
  try {
    const response = await client.request(
      'operator',
      'GET',
      `/v1/location_networks/${fleet.networkId}/get_network_devices`,
      { auth: fleet.adminAuth },
    );
    if (response.status !== 200) {
      ctx.error('GET /v1/location_networks/:id/get_network_devices', response);
      return null;
    }
    const records = (response.body as { data: { devices: { config?: { in_sync: boolean } }[] } })
      .data.devices;
    if (records.some((d) => d.config === undefined)) {
      return null;
    }
    return records.filter((d) => !d.config!.in_sync).length;
  } catch (error) {
    ctx.error('GET /v1/location_networks/:id/get_network_devices', errorMessage(error));
    return null;
  }
}
