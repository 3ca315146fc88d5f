/**
 * Compiles what the bench runs in child processes (the bare server, the statement-counting
 * preload) to plain JavaScript under dist/bench, so that the servers start with `node` alone:
 * no ts-node in a measured process. Airfleet itself runs from `nest build`'s dist/src/main.js.
 * Type checking is `npx tsc --noEmit`'s job; this only strips the types.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
export const AIRFLEET_MAIN = join(ROOT, 'dist', 'src', 'main.js');
export const BARE_MAIN = join(ROOT, 'dist', 'bench', 'bare', 'main.js');
export const MINIMAL_MAIN = join(ROOT, 'dist', 'bench', 'minimal', 'main.js');
export const STATS_HOOK = join(ROOT, 'dist', 'bench', 'child', 'stats-hook.js');

/**
 * The node options `npm run start:prod` gives Airfleet (its V8 heap cap), read from package.json
 * so that the bench measures the service as it is run.
 */
export function startProdNodeOptions(): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const match = /^node((?: --\S+)*) dist\/src\/main\.js$/.exec(scripts['start:prod'] ?? '');
  if (!match) {
    throw new Error(`package.json start:prod is not \`node [--flags] dist/src/main.js\``);
  }
  return match[1].split(' ').filter(Boolean);
}

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      return sources(path);
    }
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * Transpiles bench/bare, bench/minimal (which takes GroupCommit from nest build's dist/src) and
 * bench/child; fails when Airfleet has not been built.
 */
export function buildChildren(): void {
  if (!existsSync(AIRFLEET_MAIN)) {
    throw new Error(`${AIRFLEET_MAIN} is missing: run \`npx nest build\` first`);
  }
  const bench = join(ROOT, 'bench');
  const children = ['bare', 'minimal', 'child'].flatMap((folder) => sources(join(bench, folder)));
  for (const file of children) {
    const output = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
      fileName: file,
    });
    const target = join(ROOT, 'dist', 'bench', relative(bench, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output.outputText);
  }
}
