/**
 * The configuration rollout bench's part of the Markdown output (bench/lib/config-rollout-bench.ts):
 * medians over the rounds, and the CPU (server + PostgreSQL) of the rollout's check-in over the
 * check-in without a rollout.
 */
import type { ConfigRolloutResult, ConfigRolloutRow } from './config-rollout-bench';
import { summarise } from './report';

const int = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));

/** Server + PostgreSQL CPU ms per check-in, the median over the rounds. */
const cpuOf = (row: ConfigRolloutRow) => {
  const s = summarise(row.rounds);
  return s.cpuMsPerRequest + s.databaseCpuMsPerRequest;
};

export function configRolloutMarkdown(result: ConfigRolloutResult | undefined): string[] {
  if (!result) {
    return [];
  }
  const without = result.rows.find((row) => row.scenario === 'checkin-no-rollout');
  const lines = [
    `Configuration rollout, PostgreSQL, two networks of ${int(result.networkDevices)} devices (seeded in ${int(result.seedMs / 1000)} s), Airfleet alone:`,
    '',
    '| Airfleet, check-in | req/s (rounds) | p50 / p99 ms | CPU ms/req | PostgreSQL CPU ms/req | SQL/req | CPU ÷ without a rollout |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of result.rows) {
    const s = summarise(row.rounds);
    lines.push(
      `| ${row.label} | ${int(s.perSecond)} (${row.rounds.map((r) => int(r.perSecond)).join(', ')}) | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${cpu(s.cpuMsPerRequest)} | ${cpu(s.databaseCpuMsPerRequest)} | ${s.statementsPerRequest.toFixed(2)} | ${without ? (cpuOf(row) / cpuOf(without)).toFixed(2) : '–'} |`,
    );
  }
  return [...lines, ''];
}
