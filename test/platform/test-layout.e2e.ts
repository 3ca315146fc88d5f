import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { areaFileOf, TOPIC_SUFFIX } from '../harness/topics';

const TEST_ROOT = join(__dirname, '..');

describe('the layout of test/ (test/harness/topics.ts)', () => {
  it('runs every topic file: each lies in a folder whose <folder>.e2e-spec.ts runs its topics', () => {
    const unrun = readdirSync(TEST_ROOT, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(TOPIC_SUFFIX))
      .filter((file) => {
        const folder = dirname(join(TEST_ROOT, file));
        return folder === TEST_ROOT || !existsSync(areaFileOf(folder));
      });
    expect(unrun).toEqual([]);
  });
});
