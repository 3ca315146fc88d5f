import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUILD_INPUTS,
  BUILD_STAMP,
  buildIsCurrent,
  needsBuild,
  newestChange,
} from './build-if-stale';
import { cliModule } from './cli';

describe('npm start builds only when the build is stale', () => {
  it('builds without a stamp, or when an input is newer than it', () => {
    expect(needsBuild(1000, undefined)).toBe(true);
    expect(needsBuild(2000, 1000)).toBe(true);
    expect(needsBuild(1000, 1000)).toBe(false);
    expect(needsBuild(500, 1000)).toBe(false);
  });

  it('finds the newest change under folders, the folders themselves included', () => {
    const root = mkdtempSync(join(tmpdir(), 'airfleet-stale-'));
    const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
    mkdirSync(join(root, 'src', 'a'), { recursive: true });
    writeFileSync(join(root, 'src', 'a', 'x.ts'), '');
    writeFileSync(join(root, 'package.json'), '{}');
    at(join(root, 'src', 'a', 'x.ts'), 3000);
    at(join(root, 'src', 'a'), 1000);
    at(join(root, 'src'), 1000);
    at(join(root, 'package.json'), 2000);
    const inputs = [join(root, 'src'), join(root, 'package.json'), join(root, 'missing.json')];
    expect(newestChange(inputs)).toBe(3_000_000);

    // a file deleted: only its folder's time says so
    rmSync(join(root, 'src', 'a', 'x.ts'));
    at(join(root, 'src', 'a'), 4000);
    expect(newestChange(inputs)).toBe(4_000_000);
    expect(newestChange([join(root, 'missing')])).toBe(0);
  });

  it('calls a build current when its stamp is newer than every input', () => {
    const root = mkdtempSync(join(tmpdir(), 'airfleet-current-'));
    const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
    for (const input of BUILD_INPUTS.filter((name) => name.endsWith('.json'))) {
      writeFileSync(join(root, input), '{}');
      at(join(root, input), 1000);
    }
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'cli.ts'), '');
    at(join(root, 'src', 'cli.ts'), 1000);
    at(join(root, 'src'), 1000);
    expect(buildIsCurrent(root)).toBe(false); // never built

    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, BUILD_STAMP), '');
    at(join(root, BUILD_STAMP), 2000);
    expect(buildIsCurrent(root)).toBe(true);

    at(join(root, 'src', 'cli.ts'), 3000); // edited after the build
    expect(buildIsCurrent(root)).toBe(false);
  });
});

describe('npm run cli runs the build when it is current, else the source', () => {
  it('picks dist/src/cli.js or src/cli.ts', () => {
    expect(cliModule('/repo', true)).toBe(join('/repo', 'dist', 'src', 'cli.js'));
    expect(cliModule('/repo', false)).toBe(join('/repo', 'src', 'cli.ts'));
  });
});
