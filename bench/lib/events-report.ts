/**
 * The events bench's part of the Markdown output (bench/lib/events-bench.ts): the pages of
 * `GET /v1/events` in the side-by-side table of every throughput scenario, the DOWN sweep's
 * figures for Airfleet and the bare server (medians over the rounds), and the plans.
 */
import { EventsResult } from './events-bench';
import { median, postgresTable } from './report';
import { ServerKind } from './servers';
import { SweepDownRound, SweepIdleRound, SweepPassRound } from './sweep';

const int = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => (n >= 10 ? int(n) : n.toFixed(2));

function sweepTable(result: EventsResult): string[] {
  const kinds: ServerKind[] = ['airfleet', 'bare'];
  const idle = (kind: ServerKind, pick: (r: SweepIdleRound) => number) => {
    const rounds = result.sweepIdle.filter((r) => r.server === kind);
    return rounds.length > 0 ? ms(median(rounds.map(pick))) : '–';
  };
  const pass = (kind: ServerKind, pick: (r: SweepPassRound) => number) => {
    const rounds = result.sweepPass.filter((r) => r.server === kind);
    return rounds.length > 0 ? median(rounds.map(pick)).toFixed(3) : '–';
  };
  const down = (kind: ServerKind, pick: (r: SweepDownRound) => number) => {
    const rounds = result.sweepDown.filter((r) => r.server === kind);
    return rounds.length > 0
      ? `${ms(median(rounds.map(pick)))} (${rounds.map((r) => ms(pick(r))).join(', ')})`
      : '–';
  };
  const row = (label: string, cell: (kind: ServerKind) => string) =>
    `| ${label} | ${kinds.map(cell).join(' | ')} |`;
  const devices = result.sweepDown[0]?.devices ?? 0;
  const passes = result.sweepPass[0]?.passes ?? 0;
  const missing = result.sweepDown.filter((r) => r.recorded < r.devices);
  return [
    `| DOWN sweep, ${int(result.devices)} devices, ${int(result.events)} events | Airfleet | bare |`,
    '|---|--:|--:|',
    row(`one sweep, nothing due (${int(passes)} back to back): server CPU ms`, (k) =>
      pass(k, (r) => r.cpuMsPerPass),
    ),
    row('one sweep, nothing due: PostgreSQL CPU ms', (k) => pass(k, (r) => r.databaseCpuMsPerPass)),
    row('one sweep, nothing due: SQL statements', (k) => pass(k, (r) => r.statementsPerPass)),
    row('an idle instance, all its periodic work: server CPU ms a second', (k) =>
      idle(k, (r) => r.cpuMsPerSecond),
    ),
    row('an idle instance: PostgreSQL CPU ms a second', (k) =>
      idle(k, (r) => r.databaseCpuMsPerSecond),
    ),
    row('an idle instance: SQL statements a second', (k) => idle(k, (r) => r.statementsPerSecond)),
    row(`${int(devices)} devices DOWN at once: ms until every device.down is visible`, (k) =>
      down(k, (r) => r.ms),
    ),
    row(`${int(devices)} devices DOWN at once: server CPU ms`, (k) =>
      down(k, (r) => r.serverCpuMs),
    ),
    row(`${int(devices)} devices DOWN at once: PostgreSQL CPU ms`, (k) =>
      down(k, (r) => r.databaseCpuMs),
    ),
    row(`${int(devices)} devices DOWN at once: SQL statements`, (k) =>
      down(k, (r) => r.statements),
    ),
    ...(missing.length > 0
      ? [
          '',
          `**Not every device.down was recorded within 30 s** in ${missing.map((r) => `${r.server} round ${r.round} (${r.recorded} of ${r.devices})`).join(', ')}.`,
        ]
      : []),
  ];
}

export function eventsMarkdown(result: EventsResult | undefined): string[] {
  if (!result) {
    return [];
  }
  const lines = [
    `Events, PostgreSQL, ${int(result.devices)} devices and ${int(result.events)} events in 10 organisations (seeded in ${int(result.seedMs / 1000)} s and ${int(result.eventsSeedMs / 1000)} s):`,
    '',
  ];
  if (result.scenarios.length > 0) {
    lines.push(...postgresTable(result), '');
  }
  if (result.sweepIdle.length + result.sweepPass.length + result.sweepDown.length > 0) {
    lines.push(...sweepTable(result), '');
  }
  for (const [title, plan] of Object.entries(result.plans)) {
    lines.push(`Plan of ${title}:`, '', ...plan.split('\n').map((line) => `    ${line}`), '');
  }
  return lines;
}
