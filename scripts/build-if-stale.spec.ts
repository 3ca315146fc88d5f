import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsBuild, newestChange } from './build-if-stale';

describe('npm start builds only when the build is stale (issue 29)', () => {
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
});
