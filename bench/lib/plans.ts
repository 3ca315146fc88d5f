/**
 * The plans PostgreSQL chooses for the events bench's statements (EXPLAIN ANALYZE, BUFFERS),
 * kept with the results: the sweep's as Airfleet sends it, and each page's as
 * EventsRepository.list writes it (one type an equality, several a list).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { selectTypes, typesOf } from '../../src/event-log/event-types';
import { ROOT } from './build';

/** The sweep's statement as Airfleet sends it (sql/, kept true by test/device-gateway/hot-sql). */
function sweepStatement(): string {
  const file = readFileSync(join(ROOT, 'sql', 'heartbeats.repository.postgres.sql'), 'utf8');
  const found = file.split(/\n(?=-- )/).find((part) => part.startsWith('-- the DOWN sweep'));
  if (!found) {
    throw new Error('sql/heartbeats.repository.postgres.sql has no "-- the DOWN sweep" statement');
  }
  return found.slice(found.indexOf('\n') + 1).replace(/;\s*$/, '');
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, in a transaction rolled back. */
async function explain(dataSource: DataSource, sql: string, parameters: unknown[]) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const rows = (await runner.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters)) as {
      'QUERY PLAN': string;
    }[];
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

export const sweepPlan = (dataSource: DataSource, timeoutSeconds: number) =>
  explain(dataSource, sweepStatement(), [new Date(Date.now() - timeoutSeconds * 1000)]);

/** The plan of organisation 1's page 1 newest first, of these types (`type` as the API reads it). */
export function pagePlan(dataSource: DataSource, type: string | null): Promise<string> {
  const types = type === null ? [] : typesOf(selectTypes(type));
  const condition =
    type === null ? '' : types.length === 1 ? 'AND e."type" = $2' : 'AND e."type" = ANY($2)';
  return explain(
    dataSource,
    `SELECT * FROM "events" e WHERE e."organisation_id" = $1 ${condition}
     ORDER BY e."id" DESC LIMIT 100`,
    type === null ? [1] : [1, types.length === 1 ? types[0] : types],
  );
}
