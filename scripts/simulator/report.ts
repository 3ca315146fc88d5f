/**
 * The end of a run: what the service shows (the event feed, the upgrades, the rollout, the
 * device records) read back beside what the fleet saw, summed up with the run's problems.
 */
import type { CommandScenario } from './command-scenario';
import type { ConfigRolloutWatch } from './config-rollout-watch';
import type { VirtualDevice } from './device';
import { checkEvents, readEventFeed } from './event-check';
import type { FleetContext } from './fleet-context';
import { countUp, revertedBack, upgradeCounts } from './fleet-state';
import type { ApiClient } from './http';
import { fetchConfigRollout, fetchRollout, serverOutOfSync, serverUpgradeCounts } from './operator';
import type { SimulationOptions } from './options';
import { Fleet, TO_VERSION } from './setup';
import type { RolloutRecord } from './rollout-check';
import { problemsOf, Summary } from './summary';
import type { Tally } from './tally';
import type { WebhooksCheck } from './webhook-check';
import type { WebhookWatch } from './webhook-receiver';

/** What the admin did during the run, as the run recorded it. */
export interface OperatorActions {
  /** Upgrades the admin's create made (null: not created). */
  upgrades: number | null;
  upgradeCreated: boolean;
  upgradeAt: number | null;
  ssidChangeAt: number | null;
  newSsidName: string;
  /** The rollout as last read (null without one). */
  rollout: RolloutRecord | null;
}

/** A run that has ended: its fleet stopped, its requests drained. */
export interface EndedRun {
  options: SimulationOptions;
  interrupted: boolean;
  client: ApiClient;
  fleet: Fleet;
  ctx: FleetContext;
  devices: VirtualDevice[];
  actions: OperatorActions;
  setupSeconds: number;
  settleSeconds: number;
  errors: Tally;
  anomalies: Tally;
  log: (message: string) => void;
  /** The receiver registered as a webhook (null without `--webhook-receiver`). */
  webhook: WebhookWatch | null;
  /** The `--commands` scenario (null without it). */
  commands: CommandScenario | null;
  /** The staged publish of the SSID change (null without `--config-rollout`). */
  configRollout: ConfigRolloutWatch | null;
}

/** Reads back what the service shows of the run and sums it up. */
export async function reportRun(run: EndedRun): Promise<Summary> {
  const { options, client, fleet, ctx, devices, actions: events } = run;
  const runSeconds = ctx.now() / 1000;
  const up = countUp(devices, ctx);
  // The events first, while the last heartbeats are recent (a silence may be a device.down).
  const readFrom = ctx.now();
  const feed = await readEventFeed(client, fleet, ctx, run.webhook?.feed.visit);
  const readTo = ctx.now();
  devices.forEach((device) => device.events.ended(readFrom, readTo));
  const upgradeServer = events.upgradeCreated
    ? await serverUpgradeCounts(client, fleet, ctx)
    : null;
  const rolloutRecord =
    events.rollout === null ? null : await fetchRollout(client, fleet, events.rollout.id, ctx);
  const configRollout = run.configRollout;
  const configRecord =
    configRollout && configRollout.record
      ? await fetchConfigRollout(client, fleet, configRollout.record.id, ctx)
      : null;
  if (configRollout && events.ssidChangeAt !== null) {
    ctx.expected.configRolloutRead(configRecord);
  }
  if (events.upgrades !== null) {
    ctx.expected.upgradeCreated(events.upgrades, options.rollout ? rolloutRecord : undefined);
  }
  const withNewSsid = devices.filter((d) => d.ssidNames.includes(events.newSsidName)).length;
  const partial: Omit<Summary, 'ok' | 'problems'> = {
    interrupted: run.interrupted,
    url: client.base.origin,
    organisation_id: fleet.organisationId,
    network_id: fleet.networkId,
    devices: devices.length,
    setup_seconds: run.setupSeconds,
    run_seconds: runSeconds,
    settle_seconds: run.settleSeconds,
    checkin_interval: ctx.interval,
    up,
    in_sync: devices.filter((d) => d.inSync).length,
    upgrade:
      events.upgradeAt === null
        ? null
        : {
            version: TO_VERSION,
            created_at_seconds: events.upgradeAt,
            devices: upgradeCounts(devices),
            server: upgradeServer,
          },
    ssid_change: {
      at_seconds: events.ssidChangeAt,
      ssid_name: events.newSsidName,
      devices_with_new_ssid: withNewSsid,
      propagated: events.ssidChangeAt !== null && withNewSsid === devices.length,
    },
    rollout:
      options.rollout && events.upgradeCreated
        ? { record: rolloutRecord, reverted_back: revertedBack(rolloutRecord, devices) }
        : null,
    config_rollout:
      configRollout && events.ssidChangeAt !== null
        ? configRollout.check(configRecord, devices)
        : null,
    server_out_of_sync: await serverOutOfSync(client, fleet, ctx),
    webhooks: await webhookCheck(run, feed !== null),
    commands: run.commands && (await run.commands.report(devices)),
    events: feed && checkEvents(feed, ctx.expected),
    requests: {
      total: client.total,
      per_second: client.total / Math.max(0.001, runSeconds),
      ...client.completed,
    },
    errors: { total: run.errors.total, kinds: run.errors.list() },
    anomalies: { total: run.anomalies.total, kinds: run.anomalies.list() },
  };
  const problems = problemsOf(partial, events.upgradeCreated);
  return { ok: problems.length === 0, problems, ...partial };
}

/**
 * After the feed was read: waits for the webhook's deliveries to catch up (bounded; not at all
 * when the run was interrupted, which wants its summary now), deletes the webhook and checks
 * what it got (null without a webhook).
 */
async function webhookCheck(run: EndedRun, feedRead: boolean): Promise<WebhooksCheck | null> {
  const { webhook, options } = run;
  if (!webhook || !options.webhookReceiver) {
    return null;
  }
  const waitSeconds = run.interrupted ? 0 : options.webhookReceiver.waitSeconds;
  const missing = webhook.notDelivered();
  if (feedRead && missing > 0) {
    run.log(
      run.interrupted
        ? `Interrupted: not waiting for ${missing} webhook deliveries`
        : `Waiting at most ${waitSeconds} s for ${missing} webhook deliveries …`,
    );
  }
  return webhook.finish(feedRead, waitSeconds * 1000, run.ctx, run.log);
}
