import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { attemptDelivery, WebhookConnections } from './webhook-sender';

/**
 * The sender's kept connections (issue 27): reused for the next attempt to the same address, and
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
