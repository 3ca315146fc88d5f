import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** A topic: one file of HTTP tests on one subject, `test/<area>/<topic>.e2e.ts`. */
export const TOPIC_SUFFIX = '.e2e.ts';

/** The one jest file of an area's folder, which runs its topics: `test/<area>/<area>.e2e-spec.ts`. */
export const areaFileOf = (folder: string): string =>
  join(folder, `${basename(folder)}.e2e-spec.ts`);

/** The topic files of a folder, in name order. */
export function topicsIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(TOPIC_SUFFIX))
    .sort()
    .map((name) => join(folder, name));
}

/**
 * Runs every topic of the folder in this one test file (the folder's `<area>.e2e-spec.ts`), each
 * inside a describe block named after its file, so that its top-level hooks stay its own.
 *
 * Why: jest gives each test file a module registry of its own, so every file compiles and loads
 * Nest, TypeORM, Fastify and the whole application again. That was about 1.9 s of CPU a file, 77 s
 * of the suite's 338 s for its 40 HTTP test files. One file per area loads them once for the area.
 * One topic runs alone with `npx jest test/<area> -t <topic>.e2e.ts`.
 */
export function runTopics(folder: string): void {
  const topics = topicsIn(folder);
  if (topics.length === 0) {
    throw new Error(`no ${TOPIC_SUFFIX} files in ${folder}`);
  }
  for (const topic of topics) {
    describe(basename(topic), () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(topic);
    });
  }
}
