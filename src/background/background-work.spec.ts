import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SCHEDULE } from './schedule';

/**
 * ARCHITECTURE.md, Background work and queues: the periodic work is the scheduler's, listed in
 * SCHEDULE, and the lease queue is the only place that leases, so that no feature writes them
 * again by hand.
 */
const SRC = join(__dirname, '..');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The files of src/ but the background layer's, the migrations and the generated metadata. */
const outside = sources(SRC)
  .map((path) => relative(SRC, path).split(sep).join('/'))
  .filter(
    (path) =>
      !path.startsWith('background/') &&
      !path.startsWith('database/migrations/') &&
      path !== 'metadata.ts',
  );

const matching = (pattern: RegExp) =>
  outside.filter((path) => pattern.test(readFileSync(join(SRC, path), 'utf8')));

describe('background work (ARCHITECTURE.md)', () => {
  it('runs every periodic timer through the scheduler', () => {
    expect(matching(/\bsetInterval\(/)).toEqual([]);
  });

  it('leases only in the lease queue: no feature has a lease table or lease columns of its own', () => {
    // A lease table named in SQL or an entity, or a lease column: the queue's alone.
    expect(matching(/["']\w+_leases["']|\blease_(until|token|owner)\b/)).toEqual([]);
  });

  it('has every job of SCHEDULE registered by its owner', () => {
    const code = outside.map((path) => readFileSync(join(SRC, path), 'utf8')).join('\n');
    const layer = ['lease-queues.ts']
      .map((file) => readFileSync(join(__dirname, file), 'utf8'))
      .join('\n');
    const unregistered = Object.keys(SCHEDULE).filter(
      (name) => !code.includes(`'${name}'`) && !layer.includes(`'${name}'`),
    );
    expect(unregistered).toEqual([]);
  });
});
