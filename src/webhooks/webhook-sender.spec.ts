import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { DnsServer } from '../../test/harness/dns-server';
import { attemptDelivery, AttemptRequest, WebhookConnections } from './webhook-sender';

/**
 * The sender's kept connections: reused for the next attempt to the same address, and
 * a request that meets a kept connection the receiver had just closed is sent again on a new one
 * instead of failing the attempt (which would wait for the retry schedule).
 */
describe('attemptDelivery over kept connections', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  /** Requests answered, by connection (in the order connections opened). */
  let perConnection: number[];
  /** Whether the second request on a connection is cut off unanswered, as a closing receiver does. */
  let cutSecond: boolean;
  let connections: WebhookConnections;

  beforeEach(async () => {
    perConnection = [];
    cutSecond = false;
    connections = new WebhookConnections(4);
    server = createServer((req, res) => {
      const socket = req.socket as Socket & { index?: number };
      req.resume();
      req.on('end', () => {
        perConnection[socket.index!]++;
        if (cutSecond && perConnection[socket.index!] === 2) {
          socket.destroy();
        } else {
          res.writeHead(204).end();
        }
      });
    });
    server.on('connection', (socket: Socket & { index?: number }) => {
      socket.index = perConnection.push(0) - 1;
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    connections.close();
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });

  const attempt = () =>
    attemptDelivery(
      {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        messageId: 'msg_1',
        body: '{}',
        secrets: [`whsec_${Buffer.alloc(32, 1).toString('base64')}`],
        timeoutMs: 5000,
        allowPrivate: true,
        dnsServers: [],
      },
      new Date(),
      connections,
    );

  it('reuses one connection for attempts one after another', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await attempt()).toEqual({ ok: true, status: 204 });
    }
    expect(perConnection).toEqual([3]);
  });

  it('sends again on a new connection when a kept one is cut as the request goes out', async () => {
    cutSecond = true;
    expect(await attempt()).toEqual({ ok: true, status: 204 });
    expect(await attempt()).toEqual({ ok: true, status: 204 });
    expect(perConnection).toEqual([2, 1]); // the second request seen twice: at least once
  });
});

/** The attempt's timeout covers resolving the host, connecting and the answer. */
describe('attemptDelivery to a host name', () => {
  let server: Server;
  let dns: DnsServer;
  let answerAfterMs: number;
  const hosts: string[] = [];

  beforeEach(async () => {
    answerAfterMs = 0;
    hosts.length = 0;
    server = createServer((req, res) => {
      hosts.push(req.headers.host!);
      req.resume();
      setTimeout(() => res.writeHead(204).end(), answerAfterMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dns = await new DnsServer({
      'hooks.test': { a: ['127.0.0.1'] },
      'slow.test': { a: ['127.0.0.1'], delayMs: 600 },
      'silent.test': { silent: true },
    }).start();
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await dns.stop();
  });

  const attempt = (host: string, fields: Partial<AttemptRequest> = {}) =>
    attemptDelivery({
      url: `http://${host}:${(server.address() as AddressInfo).port}/hook`,
      messageId: 'msg_1',
      body: '{}',
      secrets: [`whsec_${Buffer.alloc(32, 1).toString('base64')}`],
      timeoutMs: 1000,
      allowPrivate: true,
      dnsServers: [dns.address],
      ...fields,
    });

  it('resolves the host through the configured name servers and connects to the address checked', async () => {
    expect(await attempt('hooks.test')).toEqual({ ok: true, status: 204 });
    expect(hosts).toEqual([`hooks.test:${(server.address() as AddressInfo).port}`]);
  });

  it('fails the attempt at its timeout when the host takes longer to resolve', async () => {
    const started = Date.now();
    expect(await attempt('silent.test')).toEqual({
      ok: false,
      status: null,
      error: 'timeout (resolving the host)',
      gone: false,
    });
    expect(Date.now() - started).toBeLessThan(1300);
    expect(hosts).toEqual([]);
  });

  it('counts the time the resolution took in the timeout of the answer', async () => {
    answerAfterMs = 1600; // after 600 ms resolving: 2,200 ms in all
    const started = Date.now();
    expect(await attempt('slow.test', { timeoutMs: 2000 })).toEqual({
      ok: false,
      status: null,
      error: 'timeout',
      gone: false,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
    expect(Date.now() - started).toBeLessThan(2200);
  });

  it('refuses a host that resolves to a refused address without saying which', async () => {
    expect(await attempt('hooks.test', { allowPrivate: false })).toEqual({
      ok: false,
      status: null,
      error: 'refused address',
      gone: false,
    });
  });

  it('says a host was not found', async () => {
    expect(await attempt('missing.test')).toEqual({
      ok: false,
      status: null,
      error: 'host not found',
      gone: false,
    });
  });
});
