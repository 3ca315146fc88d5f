/**
 * The webhook bench's receiver: a plain HTTP server in the runner's process on
 * 127.0.0.1 that answers every delivery 204 at once and keeps, per message (`webhook-id`), when
 * it first arrived, so that the bench can tell the rate, the duplicates and the latency from the
 * moment the runner wrote the event.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export class BenchReceiver {
  /** Requests received (every attempt, duplicates included). */
  requests = 0;
  /** First arrival (ms, Date.now) by `<path> <webhook-id>`. */
  readonly arrivals = new Map<string, number>();
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 5000;
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  /** Forgets what arrived (between rounds). */
  reset(): void {
    this.requests = 0;
    this.arrivals.clear();
  }

  async stop(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const at = Date.now();
    req.resume();
    req.on('end', () => {
      this.requests++;
      const key = `${req.url ?? ''} ${String(req.headers['webhook-id'])}`;
      if (!this.arrivals.has(key)) {
        this.arrivals.set(key, at);
      }
      res.writeHead(204).end();
    });
    req.on('error', () => res.destroy());
  }
}
