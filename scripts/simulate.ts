/**
 * The fleet simulator: sets up an organisation with N virtual access points through the API of a
 * running service and runs their check-in loops for a while (configuration fetches, an upgrade of
 * the whole network, an SSID change), printing one live progress line and a summary.
 *
 *   npm run simulate -- --token <super-admin token>            1000 devices for 120 s at :3000
 *   npm run simulate -- --devices 50 --duration 30 --json      the summary as JSON on stdout
 *   npm run simulate -- --rollout 10,50,100 --fail-rate 0.5 --auto-revert   a rollout that halts
 *   npm run simulate -- --heartbeat-timeout 10 --outage 5 --duration 30   5 devices go DOWN and back
 *   npm run simulate -- --webhook-receiver      every event also delivered to a local webhook
 *   npm run simulate -- --commands       half-way the network reboots; how long until all are back
 *   npm run simulate -- --config-rollout 20,100 --config-failures 10 --config-failure-mode drop-off
 *                        the SSID change published in stages; 10 % of the devices fail it: it
 *                        halts and reverts
 *
 * Exit code 0 when at the end every device is up, every configuration in sync and every upgrade
 * done or failed (with a rollout: done, failed or cancelled, the rollout no longer running, and
 * every device it reverted back on the old release), and the organisation's events (read back
 * from GET /v1/events) are those the run caused (with --webhook-receiver: each delivered, every
 * signature verified; with --commands: every device back from the reboot, every command
 * succeeded); 1 otherwise (or when the setup fails).
 * Ctrl-C stops the run and still reports.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  CONFIG_FAILURE_MODES,
  CONFIG_WATCH_BEYOND_TIMEOUT_SECONDS,
  ConfigFailureMode,
  DEFAULT_CONFIG_MAX_FAILURE_PERCENT,
  DEFAULT_MAX_FAILURE_PERCENT,
  DEFAULT_OPTIONS,
  DEFAULT_WEBHOOK_WAIT_SECONDS,
  OUTAGE_BEYOND_TIMEOUT_SECONDS,
  optionProblems,
  SimulationOptions,
} from './simulator/options';
import { runSimulation } from './simulator/run';
import { progressLine, summaryText } from './simulator/summary';
import { errorMessage } from './simulator/tally';

const number = (value: string): number => {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) {
    throw new InvalidArgumentError('not a number');
  }
  return parsed;
};

const numberList = (value: string): number[] => value.split(',').map((part) => number(part));

interface CliFlags {
  url: string;
  token?: string;
  devices: number;
  duration: number;
  failRate: number;
  upgradeAfter: number;
  phaseSeconds: number;
  ssidChangeAt?: number;
  settle?: number;
  concurrency: number;
  heartbeatTimeout: number;
  outage: number;
  rollout?: number[];
  maxFailure: number;
  autoRevert: boolean;
  webhookReceiver: boolean;
  webhookWait: number;
  rebootSeconds: number;
  commands: boolean;
  configRollout?: number[];
  configMaxFailure: number;
  configWatch?: number;
  configRevert: boolean;
  configFailures: number;
  configFailureMode: ConfigFailureMode;
  json: boolean;
}

function parse(argv: string[]): { options: SimulationOptions; json: boolean } {
  const d = DEFAULT_OPTIONS;
  const flags = new Command('simulate')
    .description('Run a fleet of virtual access points against an Airfleet service')
    .option('--url <url>', 'base URL of the service', d.url)
    .addOption(
      new Option('--token <token>', 'a super administrator access token').env('AIRFLEET_TOKEN'),
    )
    .option('--devices <n>', 'virtual devices', number, d.devices)
    .option(
      '--duration <seconds>',
      'how long the fleet runs after the setup',
      number,
      d.durationSeconds,
    )
    .option(
      '--fail-rate <p>',
      'probability that a device fails its upgrade (with --rollout: the fraction of devices on which the release fails)',
      number,
      d.failRate,
    )
    .option(
      '--upgrade-after <seconds>',
      'when the whole network is upgraded to the new release (0: never)',
      number,
      d.upgradeAfterSeconds,
    )
    .option(
      '--phase-seconds <seconds>',
      'length of the downloading, installing and reboot phases',
      number,
      d.phaseSeconds,
    )
    .option(
      '--ssid-change-at <seconds>',
      'when the SSID is renamed (default: half the run, leaving 1.5 check-in intervals)',
      number,
    )
    .option(
      '--settle <seconds>',
      'after the duration, wait at most this long for upgrades and configurations to settle (default: 2 check-in intervals + 3 phases)',
      number,
    )
    .option('--concurrency <n>', 'most HTTP requests in flight', number, d.concurrency)
    .option(
      '--heartbeat-timeout <seconds>',
      "the service's HEARTBEAT_TIMEOUT_SECONDS, to count the device.down events it records",
      number,
      d.heartbeatTimeoutSeconds,
    )
    .option(
      '--outage <n>',
      `devices cut off right after their first check-in for the heartbeat timeout + ${OUTAGE_BEYOND_TIMEOUT_SECONDS} s, then back`,
      number,
      d.outageDevices,
    )
    .option(
      '--rollout <stages>',
      'make the network upgrade a staged rollout with these stages, in percent (e.g. 10,50,100)',
      numberList,
    )
    .option(
      '--max-failure <percent>',
      'with --rollout: halt it when more than this percentage of its opened stages failed',
      number,
      DEFAULT_MAX_FAILURE_PERCENT,
    )
    .option('--auto-revert', 'with --rollout: revert the upgraded devices when it halts', false)
    .option(
      '--webhook-receiver',
      'register a receiver on 127.0.0.1 as a webhook for every event and check the deliveries against the feed (the service needs WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)',
      false,
    )
    .option(
      '--webhook-wait <seconds>',
      'with --webhook-receiver: after reading the feed, wait at most this long for the deliveries to catch up',
      number,
      DEFAULT_WEBHOOK_WAIT_SECONDS,
    )
    .option(
      '--reboot-seconds <seconds>',
      'how long a device is down for a reboot command',
      number,
      d.rebootSeconds,
    )
    .option(
      '--commands',
      'half-way, reboot the network (and locate and ping a device) and report how long until every device was back',
      false,
    )
    .option(
      '--config-rollout <stages>',
      'publish the SSID change as a draft in these stages, in percent (e.g. 20,100): a configuration rollout',
      numberList,
    )
    .option(
      '--config-max-failure <percent>',
      'with --config-rollout: halt it when more than this percentage of its opened stages failed (0: the first failure)',
      number,
      DEFAULT_CONFIG_MAX_FAILURE_PERCENT,
    )
    .option(
      '--config-watch <seconds>',
      `with --config-rollout: how long a device must stay UP after reporting the new configuration (default: --heartbeat-timeout + ${CONFIG_WATCH_BEYOND_TIMEOUT_SECONDS} s)`,
      number,
    )
    .option(
      '--no-config-revert',
      'with --config-rollout: no automatic revert; the admin reverts it once it halts',
    )
    .option(
      '--config-failures <percent>',
      "with --config-rollout: the share of the devices (spread evenly) that fail the rollout's configuration",
      number,
      d.configFailures.percent,
    )
    .addOption(
      new Option('--config-failure-mode <mode>', 'how those devices fail it')
        .choices(CONFIG_FAILURE_MODES)
        .default(d.configFailures.mode),
    )
    .option('--json', 'print the summary as JSON on stdout', false)
    .parse(argv)
    .opts<CliFlags>();
  return {
    json: flags.json,
    options: {
      url: flags.url,
      token: flags.token ?? '',
      devices: flags.devices,
      durationSeconds: flags.duration,
      failRate: flags.failRate,
      upgradeAfterSeconds: flags.upgradeAfter,
      phaseSeconds: flags.phaseSeconds,
      ssidChangeAtSeconds: flags.ssidChangeAt ?? null,
      settleSeconds: flags.settle ?? null,
      concurrency: flags.concurrency,
      heartbeatTimeoutSeconds: flags.heartbeatTimeout,
      outageDevices: flags.outage,
      rollout: flags.rollout
        ? {
            stages: flags.rollout,
            maxFailurePercent: flags.maxFailure,
            autoRevert: flags.autoRevert,
          }
        : null,
      webhookReceiver: flags.webhookReceiver ? { waitSeconds: flags.webhookWait } : null,
      rebootSeconds: flags.rebootSeconds,
      commands: flags.commands,
      configRollout: flags.configRollout
        ? {
            stages: flags.configRollout,
            maxFailurePercent: flags.configMaxFailure,
            watchSeconds:
              flags.configWatch ??
              Math.ceil(flags.heartbeatTimeout) + CONFIG_WATCH_BEYOND_TIMEOUT_SECONDS,
            autoRevert: flags.configRevert,
          }
        : null,
      configFailures: { percent: flags.configFailures, mode: flags.configFailureMode },
    },
  };
}

async function main(): Promise<number> {
  const { options, json } = parse(process.argv);
  const problems = optionProblems(options);
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n`);
    return 1;
  }
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) {
      process.exit(130);
    }
    process.stderr.write('\nStopping (Ctrl-C again to quit at once) …\n');
    interrupt.abort();
  });
  // A live line on a terminal (rewritten in place); a line every few seconds into a file or CI log.
  const progressStream = json ? process.stderr : process.stdout;
  const live = progressStream.isTTY;
  const summary = await runSimulation(options, {
    signal: interrupt.signal,
    progressEveryMs: live ? 1000 : 5000,
    onProgress: (p) =>
      progressStream.write(live ? `\r${progressLine(p)}\x1b[K` : `${progressLine(p)}\n`),
    log: (message) => progressStream.write(`${live ? '\r\x1b[K' : ''}${message}\n`),
  });
  if (live) {
    progressStream.write('\n');
  }
  process.stdout.write(
    json ? `${JSON.stringify(summary, null, 2)}\n` : `${summaryText(summary)}\n`,
  );
  return summary.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`simulate: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
