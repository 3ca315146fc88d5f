import { Logger as TypeOrmLogger } from 'typeorm';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ChangeRunner } from '../../src/fleet-change/change-runner.service';
import { EventQuery, EventsRepository, NewEvent } from '../../src/event-log/events.repository';
import { onBothDatabases, TestApp } from '../harness/app';
import { withoutPeriodicWork } from '../harness/periodic-work';

/** The statement the repository sends for `list(orgId, query)`, with its parameters. */
async function listStatement(
  t: TestApp,
  orgId: number,
  query: Omit<EventQuery, 'limit'>,
): Promise<{ sql: string; parameters: unknown[] }> {
  const sent: { sql: string; parameters: unknown[] }[] = [];
  const counting = t.dataSource.logger;
  const capturing: TypeOrmLogger = {
    logQuery: (sql, parameters) => sent.push({ sql, parameters: parameters ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  // Captured once the periodic work is paused and its passes in flight have ended: a pass that
  // was running (the alert rules' scan, a webhook claim) is no statement of the list's.
  await withoutPeriodicWork(t.app, async () => {
    Object.defineProperty(t.dataSource, 'logger', { value: capturing, configurable: true });
    try {
      await t.app.get(EventsRepository).list(orgId, { ...query, limit: 100 });
    } finally {
      Object.defineProperty(t.dataSource, 'logger', { value: counting, configurable: true });
    }
  });
  const selects = sent.filter((s) => /^SELECT/i.test(s.sql));
  expect(selects).toHaveLength(1);
  return selects[0];
}

/** The plan the database chooses: PostgreSQL's EXPLAIN ANALYZE, SQLite's EXPLAIN QUERY PLAN. */
async function planOf(t: TestApp, orgId: number, query: Omit<EventQuery, 'limit'>) {
  const { sql, parameters } = await listStatement(t, orgId, query);
  if (t.db === 'postgres') {
    const rows: { 'QUERY PLAN': string }[] = await t.dataSource.query(
      `EXPLAIN ANALYZE ${sql}`,
      parameters,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  const rows: { detail: string }[] = await t.dataSource.query(
    `EXPLAIN QUERY PLAN ${sql}`,
    parameters,
  );
  return rows.map((row) => row.detail).join('\n');
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
/** The MAC of device k of the test's 1,000. */
const macOf = (k: number) => `0A:00:00:00:${hex(k >> 8)}:${hex(k & 255)}`;

/**
 * In the events bench, at 10,000,000 events, a page of a type that is rare or absent, or of one
 * device's MAC, read every event of the organisation or of the table (2 s a page). Here the
 * statistics of 20,000 events say what a fleet's say (nearly all device.up, 2 % of one type, a
 * handful of another, 20 of one MAC), and the plan the database chooses for each filter must
 * find its events through an index on that filter: a property of the plan, not a duration.
 */
onBothDatabases('the plans of GET /v1/events at scale', (t) => {
  let orgId = 0;

  beforeAll(async () => {
    orgId = (await t().fixtures.admin()).orgId;
    const events: NewEvent[] = Array.from({ length: 20_000 }, (_, i) => ({
      type:
        i % 4000 === 1 ? 'network.updated' : i % 50 === 3 ? 'device.config_failed' : 'device.up',
      occurred_at: new Date(Date.UTC(2030, 0, 1) + i * 1000),
      network: null,
      device: { id: i % 1000, mac_id: macOf(i % 1000), name: null },
      actor: { type: 'system' },
      data: {},
    }));
    await t()
      .app.get(UnitOfWork)
      .run(() => t().app.get(ChangeRunner).record(orgId, events));
    if (t().db === 'postgres') {
      // As autovacuum keeps them (SQLite has no statistics unless asked: Airfleet never asks).
      await t().dataSource.query('ANALYZE "events"');
    }
  });

  const readsByIndex = (plan: string, index: string) => {
    if (t().db === 'postgres') {
      expect(plan).toContain(`"${index}"`);
      expect(plan).not.toMatch(/Seq Scan|Rows Removed by Filter/);
    } else {
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX ${index} `));
    }
  };

  it('reads a page of a rare type, or of none yet, from the type index', async () => {
    readsByIndex(await planOf(t(), orgId, { types: ['network.updated'] }), 'IDX_events_org_type');
    readsByIndex(await planOf(t(), orgId, { types: ['alert.opened'] }), 'IDX_events_org_type');
  });

  it('reads a page of a rare family from the type index (SQLite: the organisation index)', async () => {
    const family = ['network.created', 'network.updated', 'network.deleted', 'network.rolled_back'];
    const plan = await planOf(t(), orgId, { types: family });
    if (t().db === 'postgres') {
      readsByIndex(plan, 'IDX_events_org_type');
    } else {
      // Without statistics SQLite reads a list of types along the organisation's events.
      expect(plan).toMatch(/^SEARCH e USING INDEX IDX_events_org_id /);
    }
  });

  it('reads a page of one type newest first from the type index, sorting nothing', async () => {
    const plan = await planOf(t(), orgId, { types: ['device.config_failed'] });
    readsByIndex(plan, 'IDX_events_org_type');
    if (t().db === 'postgres') {
      expect(plan).toMatch(/Index Scan Backward using "IDX_events_org_type"/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it("reads a page of one device's events by MAC from the MAC index", async () => {
    readsByIndex(await planOf(t(), orgId, { mac: macOf(7) }), 'IDX_events_org_mac');
  });
});
