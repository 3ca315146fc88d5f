import { Client } from 'pg';
import { Webhook as Verifier } from 'standardwebhooks';
import { WebhookReceiver } from '../harness/webhook-receiver';
import { PostgresCluster } from './support/postgres-cluster';
import { ServerProcess } from './support/server-process';

/**
 * An instance killed with SIGKILL while its deliveries are in flight and queued;
 * another instance started afterwards delivers every event, at least once. An instance stopped
 * with SIGTERM releases the webhooks it holds, so that another goes on at once.
 */
describe('webhook deliveries survive a kill -9 (PostgreSQL)', () => {
  let cluster: PostgresCluster | undefined;
  const servers: ServerProcess[] = [];
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    await receiver.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.stop();
    await cluster?.destroy();
  }, 60_000);

  const send = async (base: string, method: string, path: string, token: string, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: res.status,
      body: (await res.json()) as { data: Record<string, Record<string, unknown>> },
    };
  };

  /** The webhook's delivery states once all `count` succeeded, or as they are after `ms`. */
  const statesWhenSucceeded = async (client: Client, id: number, count: number, ms: number) => {
    const deadline = Date.now() + ms;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = (
        await client.query<{ state: string }>(
          'SELECT state FROM webhook_deliveries WHERE webhook_id = $1',
          [id],
        )
      ).rows.map((row) => row.state);
      if (states.length === count && states.every((state) => state === 'succeeded')) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return states;
  };

  it('delivers every event after the instance that held them died', async () => {
    const databaseUrl = await cluster!.createDatabase('airfleet_webhooks');
    const env = {
      DATABASE_URL: databaseUrl,
      DEMO: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '2',
    };
    const first = await ServerProcess.launch(env);
    servers.push(first);
    const { token } = first.demo()!;
    let answering = false;
    receiver.answer = () => (answering ? { status: 200 } : { status: 200, delayMs: 60_000 });
    const created = await send(first.base, 'POST', '/v1/webhooks', token, {
      webhook: { url: receiver.url(), event_types: ['network.*'] },
    });
    expect(created.status).toBe(200);
    const { id, secret } = created.body.data.webhook as { id: number; secret: string };
    for (let i = 0; i < 8; i++) {
      const res = await send(first.base, 'POST', '/v1/location_networks', token, {
        location_network: { network_name: `Crash ${i}`, timezone: 'UTC' },
      });
      expect(res.status).toBe(200);
    }
    // Four attempts hang in the receiver, four deliveries wait behind them: kill the instance.
    const end = Date.now() + 10_000;
    while (receiver.inFlight < 4 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(receiver.inFlight).toBe(4);
    first.signal('SIGKILL');
    await first.exited;
    answering = true;

    const second = await ServerProcess.launch({ ...env, DEMO: 'false' });
    servers.push(second);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect(await statesWhenSucceeded(client, id, 8, 60_000)).toEqual(Array(8).fill('succeeded'));
      const events = (
        await client.query<{ id: number }>("SELECT id FROM events WHERE type = 'network.created'")
      ).rows.map((row) => `evt_${row.id}`);
      const delivered = new Set(
        receiver.received
          .filter((request) => {
            new Verifier(secret).verify(request.body, {
              'webhook-id': request.headers['webhook-id'],
              'webhook-timestamp': request.headers['webhook-timestamp'],
              'webhook-signature': request.headers['webhook-signature'],
            });
            return true;
          })
          .map((request) => request.headers['webhook-id']),
      );
      expect([...delivered].sort()).toEqual(events.sort());
    } finally {
      await client.end();
    }
  }, 120_000);

  it('lets a running instance go on at once when the one holding the webhook stops (SIGTERM), long before its lease ends', async () => {
    const databaseUrl = await cluster!.createDatabase('airfleet_webhooks_sigterm');
    // A lease lasts the timeout plus 10 s: 70 s here, far beyond the wait below.
    const env = {
      DATABASE_URL: databaseUrl,
      DEMO: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '60',
    };
    // The answers the killed instance of the test before left held count as in flight until
    // their delay ends: end them, so that only this test's attempts are counted.
    receiver.releaseHeld();
    receiver.received.length = 0;
    const first = await ServerProcess.launch(env);
    servers.push(first);
    const { token } = first.demo()!;
    let answering = false;
    receiver.answer = () => (answering ? { status: 200 } : { status: 200, delayMs: 60_000 });
    const created = await send(first.base, 'POST', '/v1/webhooks', token, {
      webhook: { url: receiver.url(), event_types: ['network.*'] },
    });
    const { id } = created.body.data.webhook as { id: number };
    for (let i = 0; i < 8; i++) {
      await send(first.base, 'POST', '/v1/location_networks', token, {
        location_network: { network_name: `Stop ${i}`, timezone: 'UTC' },
      });
    }
    const end = Date.now() + 10_000;
    while (receiver.inFlight < 4 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(receiver.inFlight).toBe(4);
    // The second instance runs beside it, and finds the webhook held.
    const second = await ServerProcess.launch({ ...env, DEMO: 'false' });
    servers.push(second);
    answering = true; // for the second instance: the first one's 4 stay held until it stops
    first.signal('SIGTERM');
    await first.exited;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect(await statesWhenSucceeded(client, id, 8, 20_000)).toEqual(Array(8).fill('succeeded'));
    } finally {
      await client.end();
    }
  }, 120_000);
});
