/**
 * The webhook bench's part of the Markdown output (bench/lib/webhook-bench.ts): medians over the
 * rounds, each round's figure in brackets where the machine's variance matters.
 */
import { median, summarise } from './report';
import { DrainRound, LatencyRound, WebhooksResult } from './webhook-bench';

const int = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));

function drainTable(result: WebhooksResult): string[] {
  const lines = [
    `| webhook deliveries to a local receiver (204 at once) | webhooks | deliveries a second (rounds) | server CPU ms/delivery | PostgreSQL CPU ms/delivery | SQL/delivery | delivered, duplicates |`,
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const webhooks of [...new Set(result.drain.map((r) => r.webhooks))]) {
    const rounds = result.drain.filter((r) => r.webhooks === webhooks);
    const of = (pick: (r: DrainRound) => number) => median(rounds.map(pick));
    lines.push(
      `| a backlog of ${int(rounds[0].deliveries)} due at once | ${webhooks} | ${int(of((r) => r.perSecond))} (${rounds.map((r) => int(r.perSecond)).join(', ')}) | ${cpu(of((r) => r.serverCpuMsPerDelivery))} | ${cpu(of((r) => r.databaseCpuMsPerDelivery))} | ${of((r) => r.statementsPerDelivery).toFixed(2)} | ${int(rounds.reduce((sum, r) => sum + r.delivered, 0))} of ${int(rounds.reduce((sum, r) => sum + r.deliveries, 0))}, ${int(rounds.reduce((sum, r) => sum + r.duplicates, 0))} |`,
    );
  }
  return lines;
}

function latencyTable(result: WebhooksResult): string[] {
  const lines = [
    '| latency, event written → receiver | webhooks | deliveries a second | p50 ms (rounds) | p99 ms (rounds) | max ms | delivered |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const webhooks of [...new Set(result.latency.map((r) => r.webhooks))]) {
    const rounds = result.latency.filter((r) => r.webhooks === webhooks);
    const of = (pick: (r: LatencyRound) => number) => median(rounds.map(pick));
    const each = (pick: (r: LatencyRound) => number) => rounds.map((r) => int(pick(r))).join(', ');
    lines.push(
      `| ${int(rounds[0].rate)} events a second | ${webhooks} | ${int(rounds[0].rate * webhooks)} | ${int(of((r) => r.p50))} (${each((r) => r.p50)}) | ${int(of((r) => r.p99))} (${each((r) => r.p99)}) | ${int(Math.max(...rounds.map((r) => r.max)))} | ${int(rounds.reduce((sum, r) => sum + r.delivered, 0))} of ${int(rounds.reduce((sum, r) => sum + r.deliveries, 0))} |`,
    );
  }
  return lines;
}

function loadTable(result: WebhooksResult): string[] {
  const lines = [
    '| Airfleet, with webhooks | webhooks on `*` | req/s (rounds) | p50 / p99 ms | CPU ms/req | PostgreSQL CPU ms/req | SQL/req | req/s ÷ without |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of result.load) {
    const s = summarise(row.rounds);
    const without = result.load.find((r) => r.scenario === row.scenario && r.webhooks === 0);
    const base = without ? summarise(without.rounds).perSecond : 0;
    lines.push(
      `| ${row.label} | ${row.webhooks} | ${int(s.perSecond)} (${row.rounds.map((r) => int(r.perSecond)).join(', ')}) | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${cpu(s.cpuMsPerRequest)} | ${cpu(s.databaseCpuMsPerRequest)} | ${s.statementsPerRequest.toFixed(2)} | ${base > 0 ? (s.perSecond / base).toFixed(2) : '–'} |`,
    );
  }
  return lines;
}

export function webhooksMarkdown(result: WebhooksResult | undefined): string[] {
  if (!result) {
    return [];
  }
  const lines = [
    `Webhooks, PostgreSQL, ${int(result.devices)} devices (seeded in ${int(result.seedMs / 1000)} s), Airfleet alone:`,
    '',
  ];
  for (const table of [drainTable, latencyTable, loadTable]) {
    const rows = table(result);
    if (rows.length > 2) {
      lines.push(...rows, '');
    }
  }
  return lines;
}
