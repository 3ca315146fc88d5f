/**
 * The check-in against its earlier figures (with events on, the steady state may be at most
 * 10 % worse than each of them). Two references:
 * - the check-in work's own figures (docs/benchmarks.md, "The check-in, 2026-11-27"; runs
 *   of the check-in alone, whose results files were not kept), by fleet size;
 * - the newest full run kept in bench/results (`<date>.json`) with a PostgreSQL check-in at the
 *   same fleet size.
 * The machine moves by up to 25 % between runs, so the verdict reads what varies least: the CPU
 * a check-in costs (server and PostgreSQL) and Airfleet's rate as a share of the minimal check-in
 * server's in the same run; the rate itself is shown too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BenchResults, Summary } from './report';

interface Reference {
  name: string;
  perSecond: number;
  cpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
  minimalRatio?: number;
}

/** The check-in's earlier medians (3 rounds of 10 s), PostgreSQL, by devices. */
const CHECKIN_RUN: Record<number, Omit<Reference, 'name'>> = {
  10_000: {
    perSecond: 1784,
    cpuMsPerRequest: 0.542,
    databaseCpuMsPerRequest: 0.204,
    minimalRatio: 1.04,
  },
  100_000: {
    perSecond: 1843,
    cpuMsPerRequest: 0.54,
    databaseCpuMsPerRequest: 0.166,
    minimalRatio: 1.01,
  },
  1_000_000: {
    perSecond: 2068,
    cpuMsPerRequest: 0.481,
    databaseCpuMsPerRequest: 0.152,
    minimalRatio: 1.08,
  },
};

/** The newest kept full run before `results` with a PostgreSQL check-in on as many devices. */
function keptRun(folder: string, results: BenchResults, devices: number): Reference | null {
  if (!existsSync(folder)) {
    return null;
  }
  const names = readdirSync(folder)
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name))
    .sort()
    .reverse();
  for (const name of names) {
    const earlier = JSON.parse(readFileSync(join(folder, name), 'utf8')) as BenchResults;
    if (earlier.startedAt >= results.startedAt) {
      continue;
    }
    const postgres = earlier.databases.find((d) => d.database === 'postgres');
    const checkin = postgres?.scenarios.find((s) => s.id === 'checkin');
    if (postgres?.devices === devices && checkin?.airfleet) {
      return {
        name: `bench/results/${name}`,
        ...checkin.airfleet,
        minimalRatio: checkin.minimalRatio,
      };
    }
  }
  return null;
}

const change = (now: number, then: number) => {
  const percent = Math.round((now / then - 1) * 100);
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent)} %`;
};

/** The Markdown comparison of this run's PostgreSQL check-in with the references. */
export function checkinAgainstEarlier(results: BenchResults, folder: string): string[] {
  const postgres = results.databases.find((d) => d.database === 'postgres');
  const checkin = postgres?.scenarios.find((s) => s.id === 'checkin');
  const now: Summary | undefined = checkin?.airfleet;
  if (!postgres || !checkin || !now) {
    return [];
  }
  const checkinRun = CHECKIN_RUN[postgres.devices];
  const references = [
    ...(checkinRun
      ? [{ name: 'the check-in run of docs/benchmarks.md (2026-11-27)', ...checkinRun }]
      : []),
    ...[keptRun(folder, results, postgres.devices)].filter((r) => r !== null),
  ];
  const cpu = (r: Pick<Reference, 'cpuMsPerRequest' | 'databaseCpuMsPerRequest'>) =>
    r.cpuMsPerRequest + r.databaseCpuMsPerRequest;
  const ratio = (r: number | undefined) => (r === undefined ? '–' : r.toFixed(2));
  const lines = [
    `Check-in steady state against earlier figures, PostgreSQL, ${postgres.devices.toLocaleString('en')} devices (allowed: at most 10 % worse than each, in CPU per check-in and in the ratio to the minimal server):`,
    '',
    '| check-in | req/s | server + PostgreSQL CPU ms/req | Airfleet ÷ minimal |',
    '|---|--:|--:|--:|',
    `| this run | ${Math.round(now.perSecond).toLocaleString('en')} | ${cpu(now).toFixed(3)} | ${ratio(checkin.minimalRatio)} |`,
  ];
  const verdicts: string[] = [];
  for (const r of references) {
    const ratioChange =
      r.minimalRatio !== undefined && checkin.minimalRatio !== undefined
        ? ` (${change(checkin.minimalRatio, r.minimalRatio)})`
        : '';
    lines.push(
      `| ${r.name} | ${Math.round(r.perSecond).toLocaleString('en')} (${change(now.perSecond, r.perSecond)}) | ${cpu(r).toFixed(3)} (${change(cpu(now), cpu(r))}) | ${ratio(r.minimalRatio)}${ratioChange} |`,
    );
    const worse =
      cpu(now) > cpu(r) * 1.1 ||
      (r.minimalRatio !== undefined &&
        checkin.minimalRatio !== undefined &&
        checkin.minimalRatio < r.minimalRatio * 0.9);
    verdicts.push(`${worse ? '**more than 10 % worse than**' : 'within 10 % of'} ${r.name}`);
  }
  lines.push(
    '',
    verdicts.length > 0
      ? `By CPU per check-in and the ratio to the minimal server: ${verdicts.join('; ')}.`
      : `No earlier figures at ${postgres.devices.toLocaleString('en')} devices.`,
  );
  return lines;
}
