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

describe('the fleet-change kernel and the upgrades (ARCHITECTURE.md, Modules)', () => {
  it('leaves upgrades/ imported only by the rollout routes and the console: the others ask through firmware/', () => {
    const graph = importGraph();
    const importers = [...graph.entries()]
      .filter(([, targets]) => targets.has('upgrades'))
      .map(([folder]) => folder)
      .sort();
    expect(importers).toEqual(['console', 'rollouts']);
  });

  it('imports no feature into the kernel: fleet-change/ sits below every folder that records events', () => {
    const below = ['database', 'event-log', 'organisations'];
    expect([...(importGraph().get('fleet-change') ?? [])].sort()).toEqual(below);
  });
});

describe('one way to record an event (ARCHITECTURE.md, Events)', () => {
  /** The files that may write the events table: the kernel's writer and the log's repository. */
  const writers = new Set(['fleet-change/event-writer.ts', 'event-log/events.repository.ts']);

  it('writes events only through a change: no file outside the kernel reaches the writer or appends', () => {
    const others = sources(SRC).filter((file) => !relative(SRC, file).startsWith('fleet-change'));
    const found = others.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const name = relative(SRC, file);
      return [
        ...imports(file)
          .filter((target) => relative(SRC, target) === join('fleet-change', 'event-writer'))
          .map(() => `${name} imports the event writer`),
        ...(/\.append\(/.test(text) ? [`${name} calls .append(`] : []),
        ...(!writers.has(name) &&
        /getRepository\(EventRecord\)|insertRecords\([^)]*EventRecord/s.test(text)
          ? [`${name} writes the events table`]
          : []),
      ];
    });
    expect(others.length).toBeGreaterThan(100); // the walk sees the features
    expect(found).toEqual([]);
  });

  it('provides the writer in FleetChangeModule only, and never exports it', () => {
    const modules = sources(SRC).filter((file) => file.endsWith('.module.ts'));
    const providing = modules.filter((file) =>
      /(providers|exports): \[[^\]]*\bEventWriter\b/.test(readFileSync(file, 'utf8')),
    );
    expect(providing.map((file) => relative(SRC, file))).toEqual([
      join('fleet-change', 'fleet-change.module.ts'),
    ]);
    const kernel = readFileSync(join(SRC, 'fleet-change', 'fleet-change.module.ts'), 'utf8');
    expect(kernel).toMatch(/exports: \[ChangeRunner\]/);
  });
});
