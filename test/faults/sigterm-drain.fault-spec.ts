import { connect } from 'node:net';
import { sleep } from '../harness/ports';
import { committedNetworkNames, PostgresCluster } from './support/postgres-cluster';
import { DemoCredentials, ServerProcess } from './support/server-process';

interface Outcome {
  name: string;
  status: number | 'connection-error';
  contentType: string | null;
  started: number;
}

/**
 * A request whose headers reach the server at once and whose body is held back until finish():
 * it is certainly in flight when the signal arrives.
 */
function heldRequest(port: number, token: string, name: string) {
  const body = JSON.stringify({ location_network: { network_name: name, timezone: 'UTC' } });
  const socket = connect(port, '127.0.0.1');
  socket.write(
    [
      'POST /v1/location_networks HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body.slice(0, 10),
    ].join('\r\n'),
  );
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  const response = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = raw.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) });
    });
  });
  return { response, finish: () => socket.write(body.slice(10)) };
}

/** Operability: SIGTERM under load lets in-flight requests finish. */
describe('SIGTERM under load', () => {
  let cluster: PostgresCluster | undefined;
  let server: ServerProcess | undefined;
  let databaseUrl: string;
  let demo: DemoCredentials;

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    databaseUrl = await cluster.createDatabase('airfleet_fault');
    server = await ServerProcess.spawn({ DATABASE_URL: databaseUrl, DEMO: 'true' });
    await server.ready();
    demo = server.demo()!;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  }, 60_000);

  it('completes in-flight requests with 200, refuses new ones, and exits 0', async () => {
    const s = server!;
    const outcomes: Outcome[] = [];
    let running = true;
    let sequence = 0;
    const worker = async (id: number) => {
      for (let i = 0; running && i < 2000; i++) {
        const name = `load-${id}-${sequence++}`;
        const started = Date.now();
        try {
          const res = await fetch(`${s.base}/v1/location_networks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ location_network: { network_name: name, timezone: 'UTC' } }),
            signal: AbortSignal.timeout(15_000),
          });
          await res.text();
          outcomes.push({
            name,
            status: res.status,
            contentType: res.headers.get('content-type'),
            started,
          });
        } catch {
          outcomes.push({ name, status: 'connection-error', contentType: null, started });
          await sleep(50);
        }
      }
    };
    const workers = [0, 1, 2].map(worker);
    await sleep(1000);

    const held = [1, 2, 3].map((i) => ({
      name: `in-flight-${i}`,
      ...heldRequest(s.port, demo.token, `in-flight-${i}`),
    }));
    await sleep(500);
    const signalledAt = Date.now();
    s.signal('SIGTERM');
    await sleep(500);

    // a new connection now: refused, or answered 503 with a JSON body
    const late = await fetch(`${s.base}/health`, { signal: AbortSignal.timeout(5000) }).then(
      async (res) => ({
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: await res.text(),
      }),
      () => null,
    );
    if (late !== null) {
      expect(late.status).toBe(503);
      expect(late.contentType).toMatch(/application\/json/);
    }

    for (const request of held) {
      request.finish();
    }
    for (const request of held) {
      expect(await request.response).toEqual({
        status: 200,
        body: expect.objectContaining({
          data: expect.objectContaining({ network_name: request.name }),
        }),
      });
    }
    expect(await s.exited).toEqual({ code: 0, signal: null });
    running = false;
    await Promise.all(workers);

    // the load got answers before the signal, and afterwards only 200, 503 JSON or a refusal
    expect(
      outcomes.filter((o) => o.started < signalledAt && o.status === 200).length,
    ).toBeGreaterThan(0);
    for (const o of outcomes) {
      if (o.status !== 200 && o.status !== 'connection-error') {
        expect(o).toEqual(
          expect.objectContaining({ status: 503, contentType: expect.stringMatching(/json/) }),
        );
      }
    }
    expect(outcomes.filter((o) => o.started < signalledAt - 1000 && o.status !== 200)).toEqual([]);

    // every acknowledged write, the held ones included, was committed
    const acknowledged = [
      ...outcomes.filter((o) => o.status === 200).map((o) => o.name),
      ...held.map((h) => h.name),
    ];
    expect(await committedNetworkNames(databaseUrl, acknowledged)).toEqual(
      [...acknowledged].sort(),
    );
  });
});
