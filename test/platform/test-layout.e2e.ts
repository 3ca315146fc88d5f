import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { TOPIC_SUFFIX } from '../harness/topics';

const TEST_ROOT = join(__dirname, '..');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

describe('the layout of test/ (test/harness/topics.ts)', () => {
  it('runs every topic file: each lies in a folder whose <folder>.e2e-spec.ts runs its topics', () => {
    const unrun = filesUnder(TEST_ROOT)
      .filter((file) => file.endsWith(TOPIC_SUFFIX))
      .filter((file) => {
        const folder = dirname(file);
        const entry = join(folder, `${basename(folder)}.e2e-spec.ts`);
        return folder === TEST_ROOT || !readdirSync(folder).includes(basename(entry));
      })
      .map((file) => relative(TEST_ROOT, file));
    expect(unrun).toEqual([]);
  });
});
