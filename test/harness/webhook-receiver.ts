import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers one request: a status, after a delay, with headers. */
export interface Answer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
}

/**
 * A real HTTP server in the test process that records what webhooks deliver and
 * answers as the test says (`answer`, by default 200 at once); counts requests in flight.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => Answer = () => ({ status: 200 });
  inFlight = 0;
  maxInFlight = 0;
  /** TCP connections opened to it. */
  connections = 0;
  private server?: Server;
  private readonly sockets = new Set<import('node:net').Socket>();
  private readonly waits = new Set<() => void>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The receiver's URL, with `path`. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  /** Ends every answer held back now (their delays cut short). */
  releaseHeld(): void {
    this.waits.forEach((wake) => wake());
  }

  async stop(): Promise<void> {
    this.releaseHeld();
    this.sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The bodies received, parsed, whose path is `path`. */
  bodies(path = '/hook'): { type: string; timestamp: string; data: Record<string, unknown> }[] {
    return this.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const request: Received = {
      path: req.url ?? '',
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    this.received.push(request);
    const answer = this.answer(request, this.received.length - 1);
    if (answer.delayMs) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waits.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, answer.delayMs);
        this.waits.add(wake);
      });
    }
    this.inFlight--;
    if (!res.destroyed) {
      res.writeHead(answer.status, answer.headers).end('ok');
    }
  }
}
