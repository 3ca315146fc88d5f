/**
 * The console pages bench's part of the Markdown output (bench/lib/pages-bench.ts): medians over
 * the rounds, and each page's CPU (server + database) per page at each size over the first
 * size's, beside the goals (within 20 % of the first size; the overview under 20 ms).
 */
import type { PagesResult } from './pages-bench';
import { overFirst } from './pages-plan';
import { summarise } from './report';

const int = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));

export function pagesMarkdown(result: PagesResult | undefined): string[] {
  if (!result || result.rows.length === 0) {
    return [];
  }
  const lines: string[] = [];
  for (const database of [...new Set(result.sizes.map((size) => size.database))]) {
    const sizes = result.sizes.filter((size) => size.database === database);
    const rows = result.rows.filter((row) => row.database === database);
    const totals = rows.map((row) => {
      const s = summarise(row.rounds);
      return {
        page: row.scenario,
        devices: row.devices,
        value: s.cpuMsPerRequest + s.databaseCpuMsPerRequest,
      };
    });
    lines.push(
      `Console pages, ${database === 'postgres' ? 'PostgreSQL' : 'SQLite'}, one organisation (seeded in ${sizes
        .map((size) => `${int(size.seedMs / 1000)} s at ${int(size.devices)}`)
        .join(
          ', ',
        )}; the network page's network holds ${sizes.map((size) => int(size.networkDevices)).join(', ')} devices), Airfleet alone:`,
      '',
      `| Airfleet, page | devices | req/s (rounds) | p50 / p99 ms | CPU ms/page | ${database === 'postgres' ? 'PostgreSQL' : 'database'} CPU ms/page | CPU total | SQL/page | total ÷ at ${int(Math.min(...sizes.map((s) => s.devices)))} |`,
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    );
    for (const row of rows) {
      const s = summarise(row.rounds);
      const ratio = overFirst(totals, row.scenario, row.devices);
      const failed = s.failed > 0 ? ` (${s.failed} failed)` : '';
      lines.push(
        `| ${row.label}${failed} | ${int(row.devices)} | ${int(s.perSecond)} (${row.rounds.map((r) => int(r.perSecond)).join(', ')}) | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${cpu(s.cpuMsPerRequest)} | ${cpu(s.databaseCpuMsPerRequest)} | ${cpu(s.cpuMsPerRequest + s.databaseCpuMsPerRequest)} | ${s.statementsPerRequest.toFixed(2)} | ${ratio === undefined ? '–' : ratio.toFixed(2)} |`,
      );
    }
    lines.push('');
  }
  return lines;
}
