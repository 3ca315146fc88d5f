import { ChildProcess, spawn } from 'node:child_process';
import { freePort, waitUntil } from '../../harness/ports';

/**
 * A private redis-server for one fault test on a free port, without persistence. Never touches
 * the shared Redis at 6379. stop() kills it; it is also killed if the test process exits first.
 */
export class RedisServer {
  private child: ChildProcess | null = null;
  private readonly onExit = () => this.child?.kill('SIGKILL');

  private constructor(readonly port: number) {
    process.on('exit', this.onExit);
  }

  static async create(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    let output = '';
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(
      () => output.includes('Ready to accept connections') || child.exitCode !== null,
      10_000,
      'redis-server',
    );
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited: ${output}`);
    }
  }

  /** Kills the server at once (SIGKILL: no goodbye to its clients). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }

  async destroy(): Promise<void> {
    await this.stop();
    process.off('exit', this.onExit);
  }
}
