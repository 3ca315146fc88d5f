import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, Socket } from 'node:net';

/** A free TCP port on 127.0.0.1 (never the shared Redis on 6379). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') {
    throw new Error('no free port');
  }
  return address.port;
}

/** True once something answers PING with PONG on the port. */
async function answersPing(port: number): Promise<boolean> {
  const socket = new Socket();
  try {
    socket.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [data] = (await once(socket, 'data')) as [Buffer];
    return data.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/**
 * A private redis-server for one fault test: no persistence, on its own port, started again on
 * the same port after a kill. `stop()` must run in afterAll.
 */
export class PrivateRedis {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server (again) and waits until it answers. */
  async restart(): Promise<void> {
    if (this.process) {
      throw new Error('redis-server is already running');
    }
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) {
        this.process = undefined;
      }
    });
    for (let i = 0; i < 100; i++) {
      if (await answersPing(this.port)) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.stop();
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** SIGKILL (as a crash) by default; resolves once the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.process;
    if (!child) {
      return;
    }
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}
