/**
 * The plans PostgreSQL chooses for the benches' statements (EXPLAIN ANALYZE, BUFFERS), kept
 * with the results: the sweep's as Airfleet sends it, each events page's as
 * EventsRepository.list writes it (one type an equality, several a list), and the client
 * lookups' as ClientReadsRepository writes them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dialectOf } from '../../src/database/dialect';
import { selectTypes, typesOf } from '../../src/event-log/event-types';
import { ClientReadsRepository, clientSearch } from '../../src/read-side/client-reads.repository';
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
export async function explain(dataSource: DataSource, sql: string, parameters: unknown[]) {
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

/**
 * The statements ClientReadsRepository sends for an admin of organisation 1 (recorded by a
 * manager that answers nothing): the list searched by `search` (its first page of 100), and
 * the client `mac` with its 20 newest sessions.
 */
async function clientStatements(dataSource: DataSource, search: string, mac: string) {
  const sent: { sql: string; parameters: unknown[] }[] = [];
  const manager = {
    // The connection's column metadata writes the dates as the columns store them.
    connection: dataSource,
    query: (sql: string, parameters: unknown[] = []) => {
      sent.push({ sql, parameters });
      return Promise.resolve([]);
    },
  };
  const reads = new ClientReadsRepository(
    { tx: manager } as unknown as ConstructorParameters<typeof ClientReadsRepository>[0],
    dialectOf({ type: 'postgres' }),
  );
  const scope = { orgId: 1, networkIds: 'all' as const };
  const now = new Date();
  await reads.listClients(scope, { search: clientSearch(search) }, 'last_seen', 0, 100, now);
  const [list] = sent.splice(0);
  await reads.client(scope, mac, now);
  const [client] = sent.splice(0);
  await reads.clientSessions(scope, mac, {}, 0, 20);
  const [sessions] = sent.splice(0);
  return { list, client, sessions };
}

/** The plans of the client search and of a client's lookup (its record, then its sessions). */
export async function clientPlans(
  dataSource: DataSource,
  search: string,
  mac: string,
): Promise<Record<string, string>> {
  const { list, client, sessions } = await clientStatements(dataSource, search, mac);
  return {
    [`GET /v1/clients?search=${search}`]: await explain(dataSource, list.sql, list.parameters),
    [`GET /v1/clients/${mac}: the client`]: await explain(
      dataSource,
      client.sql,
      client.parameters,
    ),
    [`GET /v1/clients/${mac}: its sessions`]: await explain(
      dataSource,
      sessions.sql,
      sessions.parameters,
    ),
  };
}
