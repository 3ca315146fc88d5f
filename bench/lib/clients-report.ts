/**
 * The clients bench's part of the Markdown output (bench/lib/clients-bench.ts): medians over the
 * rounds, each round's figure in brackets where the machine's variance matters.
 */
import type { ClientsResult, LookupRound, StationRounds } from './clients-bench';
import { median, summarise } from './report';

const int = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));
const ms = (n: number) => (n >= 100 ? int(n) : n.toFixed(1));

/** Server + PostgreSQL CPU ms per request, the median over the rounds. */
const cpuOf = (rounds: StationRounds['rounds']) => {
  const s = summarise(rounds);
  return s.cpuMsPerRequest + s.databaseCpuMsPerRequest;
};

function stationsTable(result: ClientsResult): string[] {
  const lines = [
    '| Airfleet, check-in | req/s (rounds) | p50 / p99 ms | CPU ms/req | PostgreSQL CPU ms/req | SQL/req | client_sessions rows/req | CPU ÷ without stations |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const without = result.stations.find((row) => row.scenario === 'checkin');
  for (const row of result.stations) {
    const s = summarise(row.rounds);
    const ratio = without ? cpuOf(row.rounds) / cpuOf(without.rounds) : undefined;
    lines.push(
      `| ${row.label} | ${int(s.perSecond)} (${row.rounds.map((r) => int(r.perSecond)).join(', ')}) | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${cpu(s.cpuMsPerRequest)} | ${cpu(s.databaseCpuMsPerRequest)} | ${s.statementsPerRequest.toFixed(2)} | ${median(row.sessionRowsPerRequest).toFixed(3)} | ${ratio === undefined ? '–' : ratio.toFixed(2)} |`,
    );
  }
  return lines;
}

function lookupsTable(result: ClientsResult): string[] {
  const lines = [
    '| Airfleet, clients of organisation 1, one request at a time | sessions | p50 ms (rounds) | p90 ms | CPU ms/req | PostgreSQL CPU ms/req | SQL/req | p50 ÷ at the first size |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of result.lookups) {
    const of = (pick: (r: LookupRound) => number) => median(row.rounds.map(pick));
    const first = result.lookups.find((r) => r.scenario === row.scenario);
    const base = first ? median(first.rounds.map((r) => r.p50Ms)) : 0;
    const failed = row.rounds.reduce((sum, r) => sum + r.failed, 0);
    lines.push(
      `| ${row.label}${failed ? ` (${failed} failed)` : ''} | ${int(row.sessions)} | ${ms(of((r) => r.p50Ms))} (${row.rounds.map((r) => ms(r.p50Ms)).join(', ')}) | ${ms(of((r) => r.p90Ms))} | ${cpu(of((r) => r.cpuMsPerRequest))} | ${cpu(of((r) => r.databaseCpuMsPerRequest))} | ${of((r) => r.statementsPerRequest).toFixed(2)} | ${base > 0 ? (of((r) => r.p50Ms) / base).toFixed(2) : '–'} |`,
    );
  }
  return lines;
}

export function clientsMarkdown(result: ClientsResult | undefined): string[] {
  if (!result) {
    return [];
  }
  const lines = [
    `Wi-Fi clients, PostgreSQL, ${int(result.devices)} devices (seeded in ${int(result.seedMs / 1000)} s), Airfleet alone:`,
    '',
  ];
  for (const table of [stationsTable, lookupsTable]) {
    const rows = table(result);
    if (rows.length > 2) {
      lines.push(...rows, '');
    }
  }
  for (const { sessions, plans } of result.plans) {
    for (const [title, plan] of Object.entries(plans)) {
      lines.push(
        `Plan of ${title} at ${int(sessions)} sessions:`,
        '',
        ...plan.split('\n').map((line) => `    ${line}`),
        '',
      );
    }
  }
  return lines;
}
