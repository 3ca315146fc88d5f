/**
 * The runnable shell blocks of the documentation and the answers shown under them, for the test
 * that pastes them in order into a shell (test/docs/first-steps.e2e.ts).
 *
 * In the Markdown, an HTML comment just before a fenced block marks it (nothing shows on the
 * rendered page):
 *
 *   <!-- first-steps -->               a shell block to run, in the order of the pages
 *   <!-- first-steps: start -->        the block that starts the service (run in the background)
 *   <!-- first-steps: answer -->       a JSON block: what the run block before it prints
 */

/** A marked block: its code, the line of its marker, and for a run block the answer shown. */
export interface DocBlock {
  kind: 'run' | 'start';
  code: string;
  line: number;
  /** The JSON shown as what the block prints, when the page shows one. */
  answer?: unknown;
}

const MARKER = /^\s*<!--\s*([\w-]+)(?::\s*(\w+))?\s*-->\s*$/;

/** The fenced block that starts at `lines[from]` (after blank lines), or undefined. */
function fencedBlockAt(lines: string[], from: number): { code: string; end: number } | undefined {
  let index = from;
  while (index < lines.length && lines[index].trim() === '') {
    index += 1;
  }
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(lines[index] ?? '');
  if (!opening) {
    return undefined;
  }
  const fence = opening[1];
  const body: string[] = [];
  for (let at = index + 1; at < lines.length; at += 1) {
    if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[at])) {
      return { code: body.join('\n'), end: at };
    }
    body.push(lines[at]);
  }
  return undefined;
}

/**
 * The blocks `tag` marks in `markdown`, in order. Throws when a marker is not followed by a fenced
 * block, an answer does not follow a run block or is not JSON, or a marker's kind is unknown: a
 * page whose markers drifted fails the test rather than running less than it shows.
 */
export function markedBlocks(markdown: string, tag: string, source = 'markdown'): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const marker = MARKER.exec(lines[index]);
    if (!marker || marker[1] !== tag) {
      continue;
    }
    const where = `${source}:${index + 1}`;
    const kind = marker[2] ?? 'run';
    const block = fencedBlockAt(lines, index + 1);
    if (!block) {
      throw new Error(`${where}: the <!-- ${tag} --> marker is not followed by a fenced block`);
    }
    if (kind === 'answer') {
      const previous = blocks[blocks.length - 1];
      if (!previous || previous.kind !== 'run' || previous.answer !== undefined) {
        throw new Error(`${where}: an answer must follow a run block that has none yet`);
      }
      try {
        previous.answer = JSON.parse(block.code);
      } catch (error) {
        throw new Error(`${where}: the answer is not JSON (${(error as Error).message})`);
      }
    } else if (kind === 'run' || kind === 'start') {
      blocks.push({ kind, code: block.code, line: index + 1 });
    } else {
      throw new Error(`${where}: unknown marker kind "${kind}"`);
    }
    index = block.end;
  }
  return blocks;
}

/**
 * Values that differ from run to run (times, tokens, secrets, configuration digests): the page's
 * value stands for any value of the same JSON type.
 */
const VARYING_KEY = /(_at|_time|^token|^secret|^password|revision)$/;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * How `actual` (what a block printed, parsed) differs from the answer the page shows: an empty
 * list when it matches. Objects match when every key the page shows matches (a page may leave
 * keys out, to keep an answer short); arrays item by item, of the same length; a value under a
 * key that varies from run to run (`created_at`, `token`, `revision` …), or a time, by its type.
 */
export function answerMismatches(actual: unknown, shown: unknown, path = '$'): string[] {
  if (jsonType(actual) !== jsonType(shown)) {
    return [`${path}: ${JSON.stringify(actual)} where the page shows ${JSON.stringify(shown)}`];
  }
  if (Array.isArray(shown)) {
    const items = actual as unknown[];
    if (items.length !== shown.length) {
      return [`${path}: ${items.length} items where the page shows ${shown.length}`];
    }
    return shown.flatMap((item, index) =>
      answerMismatches(items[index], item, `${path}[${index}]`),
    );
  }
  if (shown !== null && typeof shown === 'object') {
    const object = actual as Record<string, unknown>;
    return Object.entries(shown).flatMap(([key, value]) => {
      const at = `${path}.${key}`;
      if (!(key in object)) {
        return [`${at}: missing`];
      }
      if (VARYING_KEY.test(key) && jsonType(object[key]) === jsonType(value)) {
        return [];
      }
      return answerMismatches(object[key], value, at);
    });
  }
  if (typeof shown === 'string' && ISO_TIME.test(shown) && ISO_TIME.test(actual as string)) {
    return [];
  }
  return actual === shown
    ? []
    : [`${path}: ${JSON.stringify(actual)} where the page shows ${JSON.stringify(shown)}`];
}
