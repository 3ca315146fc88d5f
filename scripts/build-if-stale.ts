import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start` builds only when the build is older than what it is built from (it ran
 * `nest build` on every start, 34 s on a busy machine, for a start that takes 1.7 s from the
 * build). What the build is made of: the sources and their compiler and package settings.
 */
export const BUILD_INPUTS = [
  'src',
  'ormconfig.ts',
  'nest-cli.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];

/**
 * Written after a build that succeeded. `nest build` empties dist/ first (deleteOutDir), so a
 * build that failed half-way leaves no stamp, and the next start builds again.
 */
export const BUILD_STAMP = join('dist', '.build-stamp');

/**
 * The newest modification time under these paths, in ms (0 when none exists). Folders count too:
 * deleting or renaming a file changes its folder's time.
 */
export function newestChange(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) {
      continue;
    }
    const stats = statSync(path);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) {
      const children = readdirSync(path).map((name) => join(path, name));
      newest = Math.max(newest, newestChange(children));
    }
  }
  return newest;
}

/** Whether to build: no successful build yet, or an input changed after the last one. */
export function needsBuild(newestInput: number, stamped: number | undefined): boolean {
  return stamped === undefined || newestInput > stamped;
}

function stampTime(root: string): number | undefined {
  const stamp = join(root, BUILD_STAMP);
  return existsSync(stamp) ? statSync(stamp).mtimeMs : undefined;
}

/** Whether dist/ in `root` is a successful build of what `root` holds now. */
export function buildIsCurrent(root: string): boolean {
  const inputs = BUILD_INPUTS.map((input) => join(root, input));
  return !needsBuild(newestChange(inputs), stampTime(root));
}

/** Builds in `root` when needed; resolves to the exit code (that of `nest build` when it ran). */
export function buildIfStale(root: string): number {
  if (buildIsCurrent(root)) {
    process.stdout.write('The build is up to date (dist/ is newer than src/): not rebuilding.\n');
    return 0;
  }
  const started = Date.now();
  const build = spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    return build.status ?? 1;
  }
  // Dated when the build started: a source saved while it ran is newer, and builds next time.
  const stamp = join(root, BUILD_STAMP);
  writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
  utimesSync(stamp, started / 1000, started / 1000);
  return 0;
}

if (require.main === module) {
  process.exit(buildIfStale(join(__dirname, '..')));
}
