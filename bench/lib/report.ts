/**
 * What a run leaves: the figures of every round (bench/results/<date>.json), the medians as
 * Markdown tables (printed, and pasted into README's Benchmarks section by hand) and a bar chart
 * of the Airfleet/bare ratios (bench/results/<date>.svg), drawn here as plain SVG.
 */
import type { ClientsResult } from './clients-bench';
import type { ConfigRolloutResult } from './config-rollout-bench';
import type { PagesResult } from './pages-bench';
import type { EventsResult } from './events-bench';
import type { WebhooksResult } from './webhook-bench';
import { DatabaseKind } from './seed';
import { ServerKind } from './servers';

export interface RoundResult {
  server: ServerKind;
  round: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  /** CPU time of the PostgreSQL processes per request served (0 on SQLite). */
  databaseCpuMsPerRequest: number;
  /** Share of the machine's CPU time (all cores) busy over the window, 0 to 1. */
  machineBusy: number;
  statementsPerRequest: number;
  peakRssMiB: number;
  startMs: number;
  failed: number;
  /** How the failed requests split by status, timeouts and errors. */
  failures: string;
  /** The machine's 1-minute load average at the end of the measured window. */
  loadAverage: number;
}

/** Medians over a server's rounds (failed: their sum). */
export type Summary = Pick<
  RoundResult,
  | 'perSecond'
  | 'p50'
  | 'p99'
  | 'cpuMsPerRequest'
  | 'databaseCpuMsPerRequest'
  | 'machineBusy'
  | 'statementsPerRequest'
  | 'peakRssMiB'
  | 'failed'
>;

export interface ScenarioResult {
  id: string;
  label: string;
  short: string;
  /** ok; `differs`: the answers were not byte-identical (not measured); `failed`: an error. */
  outcome: 'ok' | 'differs' | 'failed';
  problem?: string;
  rounds: RoundResult[];
  airfleet?: Summary;
  bare?: Summary;
  /** Airfleet req/s ÷ bare req/s (medians). */
  ratio?: number;
  /** The minimal check-in server's medians (the check-in only), and Airfleet's ratio to them. */
  minimal?: Summary;
  minimalRatio?: number;
}

export interface Timing {
  ms: number;
  statements: number;
  status: number;
  /** CPU time of the server and of PostgreSQL (0 on SQLite) over the request. */
  serverCpuMs: number;
  databaseCpuMs: number;
}

/** Airfleet under a fixed request rate (Bench.atRate). */
export interface RateResult {
  server: ServerKind;
  scenario: string;
  /** The rate asked for, requests a second. */
  rate: number;
  /** The rate served. */
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

export interface DatabaseResult {
  database: DatabaseKind;
  devices: number;
  seedMs: number;
  scenarios: ScenarioResult[];
  provisioning?: Timing & { macs: number };
  rollout?: Timing & { devices: number };
  /** The check-in at CHECKIN_RATE a second: Airfleet, and the minimal server beside it. */
  checkinAtRate?: RateResult;
  minimalAtRate?: RateResult;
  /** Median spawn-to-first-200 of every start, by server. */
  startMs: Partial<Record<ServerKind, number>>;
}

export interface BenchResults {
  date: string;
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    postgres?: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  commit: string;
  options: Record<string, unknown>;
  databases: DatabaseResult[];
  /** The events bench (PostgreSQL), when it ran. */
  events?: EventsResult;
  /** The webhook bench (PostgreSQL), when it ran. */
  webhooks?: WebhooksResult;
  /** The Wi-Fi clients bench (PostgreSQL), when it ran. */
  clients?: ClientsResult;
  /** The configuration rollout bench (PostgreSQL), when it ran. */
  configRollout?: ConfigRolloutResult;
  pages?: PagesResult;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export function summarise(rounds: RoundResult[]): Summary {
  const of = (pick: (round: RoundResult) => number) => median(rounds.map(pick));
  return {
    perSecond: of((r) => r.perSecond),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    cpuMsPerRequest: of((r) => r.cpuMsPerRequest),
    databaseCpuMsPerRequest: of((r) => r.databaseCpuMsPerRequest),
    machineBusy: of((r) => r.machineBusy),
    statementsPerRequest: of((r) => r.statementsPerRequest),
    peakRssMiB: of((r) => r.peakRssMiB),
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en');
const fixed = (n: number, digits: number) => n.toFixed(digits);
const cpu = (n: number) => (n >= 1 ? fixed(n, 2) : fixed(n, 3));
const percent = (share: number) => `${Math.round(share * 100)} %`;
const latency = (s: Summary) => `${fixed(s.p50, 0)} / ${fixed(s.p99, 0)}`;

function scenarioNote(scenario: ScenarioResult): string | null {
  if (scenario.outcome !== 'ok') {
    return `**${scenario.outcome}**`;
  }
  const failed = (scenario.airfleet?.failed ?? 0) + (scenario.bare?.failed ?? 0);
  return failed > 0 ? `(${int(failed)} failed requests)` : null;
}

export function postgresTable(result: Pick<DatabaseResult, 'scenarios'>): string[] {
  const lines = [
    '| scenario | Airfleet req/s | bare req/s | ratio | p50 / p99 ms Airfleet | p50 / p99 ms bare | CPU ms/req Airfleet | CPU ms/req bare | PostgreSQL CPU ms/req Airfleet | PostgreSQL CPU ms/req bare | machine busy Airfleet | SQL/req Airfleet | SQL/req bare | peak RSS MiB Airfleet | peak RSS MiB bare |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const scenario of result.scenarios) {
    const a = scenario.airfleet;
    const b = scenario.bare;
    const note = scenarioNote(scenario);
    const label = note ? `${scenario.label} ${note}` : scenario.label;
    if (!a || !b) {
      lines.push(`| ${label} |${' – |'.repeat(14)}`);
      continue;
    }
    lines.push(
      `| ${label} | ${int(a.perSecond)} | ${int(b.perSecond)} | ${scenario.ratio === undefined ? '–' : fixed(scenario.ratio, 2)} | ${latency(a)} | ${latency(b)} | ${cpu(a.cpuMsPerRequest)} | ${cpu(b.cpuMsPerRequest)} | ${cpu(a.databaseCpuMsPerRequest)} | ${cpu(b.databaseCpuMsPerRequest)} | ${percent(a.machineBusy)} | ${fixed(a.statementsPerRequest, 2)} | ${fixed(b.statementsPerRequest, 2)} | ${int(a.peakRssMiB)} | ${int(b.peakRssMiB)} |`,
    );
  }
  return lines;
}

/**
 * The check-in beside the minimal check-in server (the yardstick of what the machine
 * allows) and the bare server, flat out and at the fixed rate.
 */
export function checkinTable(result: DatabaseResult): string[] {
  const checkin = result.scenarios.find((s) => s.id === 'checkin');
  if (!checkin?.airfleet) {
    return [];
  }
  const rate = (r: RateResult | undefined) =>
    r
      ? `${int(r.perSecond)}/s (${percent(r.perSecond / r.rate)}), ${fixed(r.p50, 0)} / ${fixed(r.p99, 0)} ms${r.failed ? ` (${int(r.failed)} failed)` : ''}`
      : '–';
  const row = (name: string, s: Summary | undefined, atRate?: RateResult) =>
    s
      ? `| ${name} | ${int(s.perSecond)} | ${latency(s)} | ${cpu(s.cpuMsPerRequest)} | ${cpu(s.databaseCpuMsPerRequest)} | ${cpu(s.cpuMsPerRequest + s.databaseCpuMsPerRequest)} | ${fixed(s.statementsPerRequest, 2)} | ${rate(atRate)} |`
      : `| ${name} | – | – | – | – | – | – | – |`;
  return [
    `| check-in, ${int(result.devices)} devices | req/s | p50 / p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | both | SQL/req | at ${int(result.checkinAtRate?.rate ?? 0)} a second: served, p50 / p99 |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    row('Airfleet', checkin.airfleet, result.checkinAtRate),
    row('minimal check-in server', checkin.minimal, result.minimalAtRate),
    row('bare server', checkin.bare),
    `| Airfleet ÷ minimal | ${checkin.minimalRatio === undefined ? '–' : fixed(checkin.minimalRatio, 2)} | | | | | | |`,
  ];
}

export function sqliteTable(result: DatabaseResult): string[] {
  const lines = [
    '| scenario | Airfleet req/s | p50 / p99 ms | CPU ms/req | machine busy | SQL/req | peak RSS MiB |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const scenario of result.scenarios) {
    const a = scenario.airfleet;
    const note = scenarioNote(scenario);
    const label = note ? `${scenario.label} ${note}` : scenario.label;
    lines.push(
      a
        ? `| ${label} | ${int(a.perSecond)} | ${latency(a)} | ${cpu(a.cpuMsPerRequest)} | ${percent(a.machineBusy)} | ${fixed(a.statementsPerRequest, 2)} | ${int(a.peakRssMiB)} |`
        : `| ${label} | – | – | – | – | – | – |`,
    );
  }
  return lines;
}

export function bulkTable(results: DatabaseResult[]): string[] {
  const names: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', sqlite: 'SQLite' };
  const timing = (t: Timing | undefined) =>
    t
      ? `${int(t.ms)} ms (CPU: server ${int(t.serverCpuMs)} ms, PostgreSQL ${int(t.databaseCpuMs)} ms), ${t.statements} statements${t.status === 200 ? '' : ` (**${t.status}**)`}`
      : '–';
  const start = (ms: number | undefined) => (ms === undefined ? '–' : `${int(ms)} ms`);
  return [
    `| one request | ${results.map((r) => names[r.database]).join(' | ')} |`,
    `|---|${results.map(() => '--:|').join('')}`,
    `| provisioning of ${int(results[0]?.provisioning?.macs ?? 0)} MACs | ${results.map((r) => timing(r.provisioning)).join(' | ')} |`,
    `| rollout over ${int(results[0]?.rollout?.devices ?? 0)} devices (stages 1/10/50/100) | ${results.map((r) => timing(r.rollout)).join(' | ')} |`,
    `| check-in at ${int(results[0]?.checkinAtRate?.rate ?? 0)} a second: served, p50 / p99 | ${results.map((r) => (r.checkinAtRate ? `${int(r.checkinAtRate.perSecond)}/s, ${fixed(r.checkinAtRate.p50, 0)} / ${fixed(r.checkinAtRate.p99, 0)} ms${r.checkinAtRate.failed ? ` (${int(r.checkinAtRate.failed)} failed)` : ''}` : '–')).join(' | ')} |`,
    `| Airfleet start-up, spawn to first 200 on /health (median) | ${results.map((r) => start(r.startMs.airfleet)).join(' | ')} |`,
    `| bare server start-up (median) | ${results.map((r) => start(r.startMs.bare)).join(' | ')} |`,
  ];
}

export function markdown(results: BenchResults): string {
  const lines: string[] = [];
  for (const result of results.databases) {
    lines.push(
      result.database === 'postgres'
        ? `PostgreSQL, ${int(result.devices)} devices in 10 organisations:`
        : `SQLite (Airfleet only), ${int(result.devices)} devices:`,
      '',
      ...(result.database === 'postgres' ? postgresTable(result) : sqliteTable(result)),
      '',
    );
    const checkin = result.database === 'postgres' ? checkinTable(result) : [];
    if (checkin.length > 0) {
      lines.push(...checkin, '');
    }
  }
  if (results.databases.length > 0) {
    lines.push(...bulkTable(results.databases), '');
  }
  return lines.join('\n');
}

const escape = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A horizontal bar per scenario: Airfleet's req/s as a share of the bare server's. */
export function ratioChart(scenarios: ScenarioResult[], title: string): string {
  const rows = scenarios.filter((s) => Number.isFinite(s.ratio));
  const labelWidth = 200;
  const barWidth = 360;
  const rowHeight = 30;
  const top = 56;
  const height = top + rows.length * rowHeight + 40;
  const width = labelWidth + barWidth + 60;
  const scale = Math.max(1, ...rows.map((s) => s.ratio!));
  const x = (ratio: number) => labelWidth + (ratio / scale) * barWidth;
  const bars = rows.map((scenario, i) => {
    const y = top + i * rowHeight;
    const ratio = scenario.ratio!;
    const color = ratio >= 0.8 ? '#2e7d32' : ratio >= 0.5 ? '#f9a825' : '#c62828';
    return [
      `<text x="${labelWidth - 8}" y="${y + 19}" text-anchor="end">${escape(scenario.short)}</text>`,
      `<rect x="${labelWidth}" y="${y + 5}" width="${(x(ratio) - labelWidth).toFixed(1)}" height="${rowHeight - 10}" fill="${color}"/>`,
      `<text x="${(x(ratio) + 6).toFixed(1)}" y="${y + 19}">${ratio.toFixed(2)}</text>`,
    ].join('\n  ');
  });
  const axis = (ratio: number, label: string) =>
    `<line x1="${x(ratio).toFixed(1)}" y1="${top - 6}" x2="${x(ratio).toFixed(1)}" y2="${top + rows.length * rowHeight}" stroke="#555" stroke-dasharray="4 3"/>\n  <text x="${x(ratio).toFixed(1)}" y="${top - 10}" text-anchor="middle" font-size="11">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">
  <rect width="100%" height="100%" fill="#fff"/>
  <text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>
  ${axis(0.5, '0.5')}
  ${axis(0.8, '0.8')}
  ${axis(1, 'bare = 1')}
  ${bars.join('\n  ')}
  <text x="${width / 2}" y="${height - 12}" text-anchor="middle" font-size="11" fill="#555">Airfleet req/s ÷ bare server req/s, medians of alternating rounds; green ≥ 0.8, amber ≥ 0.5</text>
</svg>
`;
}
