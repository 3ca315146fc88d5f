import { runSimulation } from '../scripts/simulator/run';
import { SimulationOptions } from '../scripts/simulator/options';
import { WebhooksCheck } from '../scripts/simulator/webhook-check';
import { DATABASES, DatabaseKind } from './harness/app';
import {
  HEARTBEAT_TIMEOUT_SECONDS,
  launchSimulatorService,
  SimulatorService,
} from './harness/simulator.helpers';

/**
 * The fleet simulator's `--webhook-receiver` against the running service, on both
 * databases at once: 10 devices for 8 s with an upgrade at 2 s and the SSID renamed half-way,
 * every event delivered to the simulator's receiver on 127.0.0.1 (so the services run with
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true), each request verified with `standardwebhooks`. A third
 * service, without it, refuses the receiver. About 25 s, most of it starting the services.
 */
describe('fleet simulator with a webhook receiver', () => {
  const services = new Map<DatabaseKind | 'refusing', SimulatorService>();

  beforeAll(async () => {
    const allowed = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    await Promise.all([
      ...DATABASES.map(async (db) => services.set(db, await launchSimulatorService(db, allowed))),
      launchSimulatorService('sqlite', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }).then(
        (service) => services.set('refusing', service),
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const { server, drop } of services.values()) {
      await server.stop();
      await drop?.();
    }
  });

  const options = (service: DatabaseKind | 'refusing'): SimulationOptions => ({
    url: services.get(service)!.server.base,
    token: services.get(service)!.superAdmin,
    devices: 10,
    durationSeconds: 8,
    failRate: 0.2,
    upgradeAfterSeconds: 2,
    phaseSeconds: 0.5,
    ssidChangeAtSeconds: null,
    settleSeconds: 15,
    concurrency: 16,
    heartbeatTimeoutSeconds: HEARTBEAT_TIMEOUT_SECONDS,
    outageDevices: 0,
    rollout: null,
    webhookReceiver: { waitSeconds: 20 },
    rebootSeconds: 1,
    commands: false,
    configRollout: null,
    configFailures: { percent: 0, mode: 'reject' },
  });

  it("delivers every event of the organisation's feed since the webhook was registered, each signature verified, and deletes the webhook [sqlite and postgres at once]", async () => {
    const summaries = await Promise.all(DATABASES.map((db) => runSimulation(options(db))));
    for (const [i, summary] of summaries.entries()) {
      const db = DATABASES[i];
      expect({ db, ...summary }).toMatchObject({
        db,
        ok: true,
        problems: [],
        up: 10,
        in_sync: 10,
        errors: { total: 0 },
        anomalies: { total: 0 },
      });
      const webhooks = summary.webhooks!;
      expect({ db, ...webhooks }).toEqual({
        db,
        webhook_id: expect.any(Number),
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:[0-9]+\/airfleet-webhook$/),
        requests: webhooks.delivered + webhooks.duplicates,
        delivered: webhooks.feed_events,
        duplicates: expect.any(Number),
        signature_failures: 0,
        created_event_id: expect.any(Number),
        feed_events: expect.any(Number),
        not_delivered: 0,
        not_in_feed: 0,
        // The devices stopped seconds before the 10 s heartbeat timeout could make one DOWN.
        after_feed: 0,
        wait_seconds: expect.any(Number),
        deleted: true,
      } satisfies Record<keyof WebhooksCheck | 'db', unknown>);
      expect(webhooks.duplicates).toBeGreaterThanOrEqual(0);
      // Every event the run checks (the devices' and the upgrades') came after the webhook, and
      // so did its own webhook.created and the SSID rename's ssid.updated.
      expect(webhooks.feed_events).toBeGreaterThanOrEqual(summary.events!.read + 2);
      expect(summary.events!.groups.upgrades.types['upgrade.created']?.events).toBe(10);
    }
  }, 60_000);

  it('fails naming WEBHOOK_ALLOW_PRIVATE_NETWORKS when the service refuses a receiver on 127.0.0.1 (422 1047)', async () => {
    await expect(runSimulation({ ...options('refusing'), devices: 2 })).rejects.toThrow(
      /^registering the webhook receiver \(POST \/v1\/webhooks\) failed: HTTP 422 \{.*"error_code":1047.*\}; the service refuses a receiver on 127\.0\.0\.1 unless it runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true$/,
    );
  });
});
