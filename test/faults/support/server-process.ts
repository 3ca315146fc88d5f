import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { serviceArgs } from '../../harness/compiled-service';
import { freePort, waitUntil } from '../../harness/ports';

const ROOT = join(__dirname, '..', '..', '..');

export interface DemoCredentials {
  token: string;
  password: string;
}

/**
 * The service as `npm start` runs it, in its own process (src/ compiled once by the harness, so
 * that `npm run test:faults` needs no build), on a free port of 127.0.0.1.
 */
export class ServerProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly onExit = () => this.child.kill('SIGKILL');

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        process.off('exit', this.onExit);
        resolve({ code, signal });
      }),
    );
    process.on('exit', this.onExit);
  }

  /** Spawns the service; call ready() to wait until it listens. */
  static async spawn(env: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, serviceArgs('main'), {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(child, port);
  }

  /**
   * Spawns the service and waits until it listens. The free port is only free when it is
   * picked: another process (a parallel test file) may take it before the service binds it, so a
   * start that fails because the port is in use is tried again on a new port.
   */
  static async launch(env: Record<string, string>, attempts = 3): Promise<ServerProcess> {
    for (let attempt = 1; ; attempt++) {
      const server = await ServerProcess.spawn(env);
      try {
        await server.ready();
        return server;
      } catch (error) {
        if (attempt >= attempts || !/already in use/.test(server.stdout + server.stderr)) {
          throw error;
        }
      }
    }
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the "listening" line; fails at once if the process dies first. */
  async ready(timeoutMs = 120_000): Promise<void> {
    await waitUntil(
      () => this.stdout.includes('Airfleet is listening') || !this.running,
      timeoutMs,
      `the server on port ${this.port}`,
    );
    if (!this.running) {
      throw new Error(`the server exited while starting:\n${this.stderr}\n${this.stdout}`);
    }
  }

  /** The demo credentials it printed, or null when it created no demo organisation. */
  demo(): DemoCredentials | null {
    const token = /Access token \(shown once\): (af_\S+)/.exec(this.stdout)?.[1];
    const password = /Browser sign-in: \S+ \/ (\S+)$/m.exec(this.stdout)?.[1];
    return token && password ? { token, password } : null;
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) {
      return;
    }
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
