import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsServer } from '../../test/harness/dns-server';
import {
  HostNotFoundError,
  HostResolver,
  parseHostsFile,
  ResolutionTimeoutError,
  resolverFor,
} from './host-resolver';

describe('parseHostsFile', () => {
  it('gives each name its addresses in the order of the file, skipping comments', () => {
    const names = parseHostsFile(
      [
        '# a comment 10.0.0.1 commented',
        '127.0.0.1\tlocalhost Hooks.Example.  # an alias',
        '::1 localhost ip6-localhost',
        '10.0.0.9 hooks.example',
        'fe80::1%lo0 zoned',
        'not-an-address name',
        '',
      ].join('\n'),
    );
    expect(Object.fromEntries(names)).toEqual({
      localhost: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
      'hooks.example': [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.9', family: 4 },
      ],
      'ip6-localhost': [{ address: '::1', family: 6 }],
      zoned: [{ address: 'fe80::1%lo0', family: 6 }],
    });
  });
});

describe('HostResolver', () => {
  let dns: DnsServer;
  let dir: string;
  let hostsFile: string;

  beforeEach(async () => {
    dns = await new DnsServer({
      'hooks.example.com': { a: ['93.184.216.34'], aaaa: ['2606:2800:220:1::1'] },
      'v6.example.com': { aaaa: ['2606:4700::1111'] },
      'slow.example.com': { a: ['93.184.216.34'], delayMs: 2000 },
      'cold.example.com': { a: ['93.184.216.34'], delayMs: 3500 },
      'silent.example.com': { silent: true },
      'empty.example.com': {},
    }).start();
    dir = await mkdtemp(join(tmpdir(), 'hosts-'));
    hostsFile = join(dir, 'hosts');
    await writeFile(hostsFile, '10.1.2.3 listed.example.com\n');
  });

  afterEach(async () => {
    await dns.stop();
    await rm(dir, { recursive: true });
  });

  const resolver = (timeoutMs = 1000) => new HostResolver([dns.address], timeoutMs, hostsFile);

  it('asks the configured name server for A and AAAA at once, and answers IPv4 first', async () => {
    await expect(resolver().resolve('hooks.example.com', 1000)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    expect(dns.queries.map(({ name, type }) => `${type} ${name}`).sort()).toEqual([
      'A hooks.example.com',
      'AAAA hooks.example.com',
    ]);
    await expect(resolver().resolve('v6.example.com', 1000)).resolves.toEqual([
      { address: '2606:4700::1111', family: 6 },
    ]);
  });

  it('answers a name of the hosts file from it, without asking DNS', async () => {
    for (const name of ['listed.example.com', 'LISTED.example.com.']) {
      await expect(resolver().resolve(name, 1000)).resolves.toEqual([
        { address: '10.1.2.3', family: 4 },
      ]);
    }
    expect(dns.queries).toEqual([]);
  });

  it.each(['missing.example.com', 'empty.example.com'])(
    'fails with "host not found" for %s, which has no address',
    async (name) => {
      const failure = resolver().resolve(name, 1000);
      await expect(failure).rejects.toBeInstanceOf(HostNotFoundError);
      await expect(failure).rejects.toThrow(/^host not found$/);
    },
  );

  it.each(['slow.example.com', 'silent.example.com'])(
    'gives up on %s at the timeout',
    async (name) => {
      const started = Date.now();
      await expect(resolver(400).resolve(name, 400)).rejects.toBeInstanceOf(ResolutionTimeoutError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(395);
      expect(Date.now() - started).toBeLessThan(1000);
    },
  );

  it('waits out a recursion longer than c-ares tries for, within the timeout', async () => {
    const warm = resolver(6000);
    for (let i = 0; i < 10; i++) {
      await warm.resolve('hooks.example.com', 6000); // c-ares now waits a few times that long
    }
    const started = Date.now();
    await expect(warm.resolve('cold.example.com', 6000)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3400);
  });

  it('answers other names at once while one waits on a name server that never answers', async () => {
    const shared = resolver(3000);
    const waiting = [1, 2, 3, 4, 5, 6, 7, 8].map(() =>
      shared.resolve('silent.example.com', 3000).catch((error: unknown) => error),
    );
    const started = Date.now();
    await expect(shared.resolve('hooks.example.com', 3000)).resolves.toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await Promise.all(waiting)).toEqual(waiting.map(() => new ResolutionTimeoutError()));
  });

  it('stops when the attempt is aborted', async () => {
    const abort = new AbortController();
    const resolving = resolver().resolve('silent.example.com', 1000, abort.signal);
    abort.abort();
    await expect(resolving).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("uses the system's hosts file and name servers when none are configured", async () => {
    const system = resolverFor([], 3000);
    await expect(system.resolve('localhost', 3000)).resolves.toContainEqual({
      address: '127.0.0.1',
      family: 4,
    });
    const started = Date.now();
    const failure = await system.resolve('nothing.invalid', 3000).catch((error: unknown) => error);
    expect(failure instanceof HostNotFoundError || failure instanceof ResolutionTimeoutError).toBe(
      true,
    );
    expect(Date.now() - started).toBeLessThan(3500);
  });
});
