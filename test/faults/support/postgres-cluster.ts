import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../harness/ports';

/** The newest installed PostgreSQL server binaries (Debian layout), else those on PATH. */
function binary(name: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) {
      return join(root, versions[0], 'bin', name);
    }
  }
  return name;
}

const isRoot = process.getuid?.() === 0;

/** Runs a server binary, as the postgres user when we are root (initdb and postgres refuse root). */
function run(name: string, args: string[]): void {
  const [command, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', binary(name), ...args]]
    : [binary(name), args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(`${name} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}

/**
 * A private PostgreSQL cluster for one fault test: initdb into a temporary folder, a free port,
 * its socket in that folder. Never touches the shared server at 5432. destroy() stops it and
 * removes the folder; it is also stopped if the test process exits without calling it.
 */
export class PostgresCluster {
  private running = false;
  private destroyed = false;
  private readonly onExit = () => this.destroySync();

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    process.on('exit', this.onExit);
  }

  static async create(): Promise<PostgresCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'airfleet-fault-pg-'));
    if (isRoot) {
      const { uid, gid } = userIds('postgres');
      chownSync(dir, uid, gid);
    }
    const cluster = new PostgresCluster(dir, await freePort());
    try {
      run('initdb', [
        '-D',
        cluster.dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
        '-E',
        'UTF8',
      ]);
      cluster.start();
    } catch (error) {
      cluster.destroySync();
      throw error;
    }
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      'start',
    ]);
    this.running = true;
  }

  /** Stops the server: `fast` ends sessions and rolls back open transactions, like a restart. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    this.running = false;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** The server log (for failure messages). */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  destroy(): Promise<void> {
    this.destroySync();
    return Promise.resolve();
  }

  private destroySync(): void {
    if (this.destroyed) {
      return;
    }
    this.destroyed = true;
    process.off('exit', this.onExit);
    if (this.running) {
      try {
        this.stop('immediate');
      } catch {
        // already gone
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) {
    throw new Error(`no ${name} user to run a private PostgreSQL cluster as`);
  }
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Which of the given network names were committed (no acknowledged write may be lost). */
export async function committedNetworkNames(
  databaseUrl: string,
  names: string[],
): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ network_name: string }>(
      'SELECT network_name FROM location_networks WHERE network_name = ANY($1)',
      [names],
    );
    return rows.map((row) => row.network_name).sort();
  } finally {
    await client.end();
  }
}
