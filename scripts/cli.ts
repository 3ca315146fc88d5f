/**
 * `npm run cli`: the bootstrap command line (src/cli.ts), run from the build in dist/ when that
 * build is current (as `npm start` leaves it: a command then takes about 3 s), else from src/
 * through ts-node, which compiles the whole service first (15 to 25 s of CPU a command). It never
 * builds: a command does not wait for a build it did not ask for.
 */
import { join } from 'node:path';
import { buildIsCurrent } from './build-if-stale';

/** The CLI module to run: the build's when it is current, else the source. */
export function cliModule(root: string, current: boolean): string {
  return current ? join(root, 'dist', 'src', 'cli.js') : join(root, 'src', 'cli.ts');
}

if (require.main === module) {
  const root = join(__dirname, '..');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cli = require(cliModule(root, buildIsCurrent(root))) as typeof import('../src/cli');
  void cli.runCli(process.argv).then((code) => process.exit(code));
}
