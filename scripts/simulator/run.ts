import { WifiSite } from './wifi-site';
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ExpectedEvents } from './caused';
import { CommandScenario } from './command-scenario';
import { ConfigRolloutWatch } from './config-rollout-watch';
import { VirtualDevice } from './device';
import { evenlySpread, FleetContext, spreadOf } from './fleet-context';
import { countUp, rolloutSettled, upgradeCounts } from './fleet-state';
import { ApiClient } from './http';
import { OUTAGE_BEYOND_TIMEOUT_SECONDS, optionProblems, SimulationOptions } from './options';
import { fetchRollout, renameSsid, upgradeNetwork } from './operator';
import { OperatorActions, reportRun } from './report';
import { Fleet, setUpFleet, TO_VERSION } from './setup';
import { Progress, Summary } from './summary';
import { describeFailure, Tally } from './tally';
import { WebhookWatch } from './webhook-receiver';

export interface RunHooks {
  /** Aborting it stops the run early (SIGINT); the summary is still built. */
  signal?: AbortSignal;
  /** Called with a snapshot every `progressEveryMs`. */
  onProgress?: (progress: Progress) => void;
  progressEveryMs?: number;
  /** Setup and event messages (the upgrade, the SSID change). */
  log?: (message: string) => void;
}

/** How often the end of a run looks whether the fleet has settled. */
const SETTLE_POLL_MS = 200;

/** How often the admin reads the rollout back while the fleet runs. */
const ROLLOUT_POLL_MS = 2000;

/** How long the end of a run waits for the requests still in flight. */
const DRAIN_MS = 10_000;

/**
 * Sets up an organisation and a fleet through the API, runs every virtual device's loop for the
 * duration (upgrading the network and renaming its SSID on the way), lets it settle (until every
 * device is up and in sync and every upgrade finished, at most `settleSeconds`), and reports what
 * the fleet looked like at the end. With `webhookReceiver`, a receiver on 127.0.0.1 is the
 * organisation's webhook from the setup's end; it is deleted at the end, also when the run fails.
 */
export async function runSimulation(
  options: SimulationOptions,
  hooks: RunHooks = {},
): Promise<Summary> {
  const invalid = optionProblems(options);
  if (invalid.length > 0) {
    throw new Error(invalid.join('; '));
  }
  const log = hooks.log ?? (() => undefined);
  const client = new ApiClient(options.url, options.concurrency);
  const setupStart = performance.now();
  log(`Setting up ${options.devices} devices at ${client.base.origin} …`);
  const fleet = await setUpFleet(client, options.token, options.devices);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(
    `Organisation ${fleet.organisationId}, network ${fleet.networkId}: ${fleet.devices.length} devices claimed in ${setupSeconds.toFixed(1)} s`,
  );
  log(
    `Watch it in the console: ${client.base.origin}/login as ${fleet.signIn.email} / ${fleet.signIn.password}`,
  );
  const webhook = options.webhookReceiver ? await WebhookWatch.open(client, fleet) : null;
  if (webhook) {
    log(`Webhook ${webhook.webhook.id} registered for every event: ${webhook.webhook.url}`);
  }
  try {
    return await runFleet(options, hooks, { client, fleet, setupSeconds, webhook });
  } finally {
    await webhook?.close();
  }
}

/** The fleet's run, from its setup to its summary. */
async function runFleet(
  options: SimulationOptions,
  hooks: RunHooks,
  setup: { client: ApiClient; fleet: Fleet; setupSeconds: number; webhook: WebhookWatch | null },
): Promise<Summary> {
  const { client, fleet } = setup;
  const log = hooks.log ?? (() => undefined);
  const stop = new AbortController();
  // Every device's upgrade waits on it: more than the default ten listeners is expected.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort();
  hooks.signal?.addEventListener('abort', onAbort, { once: true });
  if (hooks.signal?.aborted) {
    stop.abort();
  }
  const newSsidName = `${fleet.ssidName}-renamed`;
  const errors = new Tally();
  const anomalies = new Tally();
  const start = performance.now();
  const ctx: FleetContext = {
    client,
    signal: stop.signal,
    partNumber: fleet.partNumber,
    failRate: options.failRate,
    failing: options.rollout ? evenlySpread(options.devices, options.failRate) : null,
    phaseMs: options.phaseSeconds * 1000,
    heartbeatTimeoutMs: options.heartbeatTimeoutSeconds * 1000,
    outage: spreadOf(options.devices, options.outageDevices),
    outageMs: (options.heartbeatTimeoutSeconds + OUTAGE_BEYOND_TIMEOUT_SECONDS) * 1000,
    rebootMs: options.rebootSeconds * 1000,
    configFailure: options.configRollout
      ? {
          failing: evenlySpread(options.devices, options.configFailures.percent / 100),
          mode: options.configFailures.mode,
          ssidName: newSsidName,
        }
      : null,
    expected: new ExpectedEvents(),
    now: () => performance.now() - start,
    wifi: new WifiSite(fleet.devices.length),
    interval: null,
    error: (what, detail) => {
      const { kind, example } = describeFailure(what, detail);
      errors.add(kind, example);
    },
    anomaly: (message) => anomalies.add(message, message),
  };
  const devices = fleet.devices.map((identity) => new VirtualDevice(identity, ctx));
  const scenario = options.commands ? new CommandScenario(client, fleet, ctx) : null;
  const timers: NodeJS.Timeout[] = [];
  /** The progress line and the rollout poll: they go on while the fleet settles. */
  const repeating: NodeJS.Timeout[] = [];
  let settleSeconds = 0;
  const events: OperatorActions = {
    upgrades: null,
    upgradeCreated: false,
    upgradeAt: null,
    ssidChangeAt: null,
    newSsidName,
    rollout: null,
  };
  const configRollout = ConfigRolloutWatch.of(options, client, fleet, ctx, newSsidName);
  let rolloutRead: Promise<void> | null = null;
  /** Reads the rollout again (one read at a time; a call during a read waits for that one). */
  const readRollout = (): Promise<void> => {
    const id = events.rollout?.id;
    if (id === undefined) {
      return Promise.resolve();
    }
    rolloutRead ??= fetchRollout(client, fleet, id, ctx).then((record) => {
      rolloutRead = null;
      events.rollout = record ?? events.rollout;
    });
    return rolloutRead;
  };

  try {
    await devices[0].checkInNow();
    if (devices[0].lastCheckinAt === null || ctx.interval === null) {
      const first = errors.list()[0];
      throw new Error(
        `the first device could not check in (${first ? `${first.kind} ${first.example}` : 'no answer'}); does the service have the device routes (/device/v1)?`,
      );
    }
    const interval = ctx.interval;
    devices[0].start(interval * 1000);
    for (const device of devices.slice(1)) {
      device.start(Math.random() * interval * 1000);
    }

    const durationMs = options.durationSeconds * 1000;
    const fired: Promise<void>[] = [];
    const at = (seconds: number, work: () => Promise<void>) => {
      if (seconds * 1000 < durationMs) {
        const delay = Math.max(0, seconds * 1000 - ctx.now());
        timers.push(setTimeout(() => fired.push(work()), delay));
      }
    };
    if (options.upgradeAfterSeconds > 0) {
      at(options.upgradeAfterSeconds, async () => {
        events.upgradeAt = ctx.now() / 1000;
        const created = await upgradeNetwork(client, fleet, ctx, options.rollout);
        events.upgradeCreated = created !== null;
        events.upgrades = created?.upgrades ?? null;
        events.rollout = created?.rollout ?? null;
        const staged = options.rollout
          ? ` as rollout ${events.rollout?.id ?? '?'} (stages ${options.rollout.stages.join(', ')} %, halt above ${options.rollout.maxFailurePercent} % failed${options.rollout.autoRevert ? ', auto-revert' : ''})`
          : '';
        log(
          `Upgrade of the network to ${TO_VERSION}${staged} created at ${events.upgradeAt.toFixed(1)} s`,
        );
      });
      if (options.rollout) {
        repeating.push(setInterval(() => void readRollout(), ROLLOUT_POLL_MS));
      }
    }
    if (scenario) {
      at(options.durationSeconds / 2, () => scenario.start(log));
    }
    const ssidChangeAt =
      options.ssidChangeAtSeconds ??
      Math.min(options.durationSeconds / 2, options.durationSeconds - 1.5 * interval);
    if (ssidChangeAt >= 0) {
      at(ssidChangeAt, async () => {
        events.ssidChangeAt = ctx.now() / 1000;
        if (configRollout) {
          await configRollout.publish();
          log(
            `SSID rename to ${events.newSsidName} published in stages as configuration rollout ${configRollout.record?.id ?? '?'} at ${events.ssidChangeAt.toFixed(1)} s (${ctx.configFailure?.failing.size ?? 0} devices fail it: ${options.configFailures.mode})`,
          );
          return;
        }
        await renameSsid(client, fleet, events.newSsidName, ctx);
        log(`SSID renamed to ${events.newSsidName} at ${events.ssidChangeAt.toFixed(1)} s`);
      });
      if (configRollout) {
        repeating.push(setInterval(() => void configRollout.read(), ROLLOUT_POLL_MS));
      }
    } else {
      log(`No SSID change: the run is too short for a ${interval} s check-in interval`);
    }

    let last = { at: 0, requests: client.total };
    const snapshot = (): Progress => {
      const nowMs = ctx.now();
      const rate = (client.total - last.requests) / Math.max(0.001, (nowMs - last.at) / 1000);
      last = { at: nowMs, requests: client.total };
      return {
        elapsedSeconds: nowMs / 1000,
        durationSeconds: options.durationSeconds,
        devices: devices.length,
        up: countUp(devices, ctx),
        inSync: devices.filter((d) => d.inSync).length,
        upgrades: events.upgradeAt === null ? null : upgradeCounts(devices),
        requestsPerSecond: rate,
        errors: errors.total,
        rollout: events.rollout,
        configRollout: configRollout?.record ?? null,
        webhookDeliveries: setup.webhook?.delivered ?? null,
        reboot: scenario?.progress(devices) ?? null,
      };
    };
    if (hooks.onProgress) {
      const report = hooks.onProgress;
      repeating.push(setInterval(() => report(snapshot()), hooks.progressEveryMs ?? 1000));
    }

    await sleep(Math.max(0, durationMs - ctx.now()), undefined, { signal: stop.signal }).catch(
      () => undefined,
    );
    // No new changes from here: wait for the ones made to settle, for a bounded time.
    timers.forEach((timer) => clearTimeout(timer));
    await Promise.all(fired);
    const settleMs =
      (options.settleSeconds ??
        2 * (ctx.interval ?? interval) +
          3 * options.phaseSeconds +
          (scenario ? options.rebootSeconds : 0)) * 1000;
    const upgradesSettled = () =>
      events.upgradeAt === null ||
      (options.rollout
        ? rolloutSettled(events.rollout, devices)
        : devices.every((d) => d.upgrade?.state === 'done' || d.upgrade?.state === 'failed'));
    const settled = () =>
      countUp(devices, ctx) === devices.length &&
      devices.every((d) => d.inSync) &&
      upgradesSettled() &&
      (scenario?.settled(devices) ?? true) &&
      (events.ssidChangeAt === null ||
        (configRollout
          ? configRollout.settled(devices)
          : devices.every((d) => d.ssidNames.includes(events.newSsidName))));
    // The rollouts read last may be a few seconds old: settled only if fresh reads agree.
    const settledNow = async () =>
      settled() &&
      (events.rollout === null || (await readRollout().then(settled))) &&
      (!configRollout?.record || (await configRollout.read().then(settled)));
    const settleFrom = ctx.now();
    while (!stop.signal.aborted && ctx.now() < settleFrom + settleMs && !(await settledNow())) {
      await sleep(SETTLE_POLL_MS);
      settleSeconds = (ctx.now() - settleFrom) / 1000;
    }
  } finally {
    stop.abort();
    hooks.signal?.removeEventListener('abort', onAbort);
    timers.forEach((timer) => clearTimeout(timer));
    repeating.forEach((timer) => clearInterval(timer));
    scenario?.stop();
    devices.forEach((device) => device.stop());
    const drained = new AbortController();
    await Promise.race([
      Promise.all(devices.map((d) => d.idle())),
      sleep(DRAIN_MS, undefined, { signal: drained.signal }).catch(() => undefined),
    ]);
    drained.abort();
  }

  return reportRun({
    options,
    interrupted: hooks.signal?.aborted ?? false,
    client,
    fleet,
    ctx,
    devices,
    actions: events,
    setupSeconds: setup.setupSeconds,
    settleSeconds,
    errors,
    anomalies,
    log,
    webhook: setup.webhook,
    commands: scenario,
    configRollout,
  });
}
