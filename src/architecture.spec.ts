import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * ARCHITECTURE.md: "Dependencies point downwards only: the folder-level import graph has no
 * cycle". A folder is a module's folder under src/, or a shelf of src/common/ (common/auth,
 * common/errors, …); specs are left out. This keeps the sentence true.
 */
const SRC = __dirname;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The folder a file of src/ belongs to, or null for the files at src/'s root. */
function folderOf(path: string): string | null {
  const parts = relative(SRC, path).split(sep);
  if (parts.length < 2) {
    return null;
  }
  return parts[0] === 'common' && parts.length > 2 ? `common/${parts[1]}` : parts[0];
}

/** The files of src/ each file imports (relative imports only, as paths without extension). */
function imports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map(([, target]) =>
    normalize(join(dirname(file), target)),
  );
}

/**
 * The page layer: the browser pages' machinery (web/), the console's pages (console/) and each
 * feature's pages (`<feature>/pages/`).
 */
const isPage = (path: string): boolean => {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'web' || parts[0] === 'console' || parts[1] === 'pages';
};

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(SRC)) {
    const from = folderOf(file);
    if (from === null) {
      continue;
    }
    for (const target of imports(file)) {
      const to = folderOf(target);
      if (to !== null && to !== from) {
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
  }
  return graph;
}

/** Every cycle a depth-first walk meets, each as the folders along it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[][] = [];
  const walk = (folder: string, path: string[]) => {
    state.set(folder, 'open');
    for (const next of graph.get(folder) ?? []) {
      if (state.get(next) === 'open') {
        found.push([...path.slice(path.indexOf(next)), folder, next]);
      } else if (!state.has(next)) {
        walk(next, [...path, folder]);
      }
    }
    state.set(folder, 'done');
  };
  for (const folder of [...graph.keys()].sort()) {
    if (!state.has(folder)) {
      walk(folder, []);
    }
  }
  return found;
}

describe('the folder-level import graph (ARCHITECTURE.md)', () => {
  it('has no cycle', () => {
    const graph = importGraph();
    expect(graph.get('device-gateway')?.has('device-state')).toBe(true); // the walk sees imports
    expect(cycles(graph)).toEqual([]);
  });
});

describe('the page layer (ARCHITECTURE.md, Browser pages)', () => {
  it('is imported by nothing below it: the features and the kernel know no page', () => {
    const below = sources(SRC).filter((file) => folderOf(file) !== null && !isPage(file));
    const reachingUp = below.flatMap((file) =>
      imports(file)
        .filter(isPage)
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
    );
    expect(below.length).toBeGreaterThan(100); // the walk sees the features
    expect(reachingUp).toEqual([]);
  });
});
