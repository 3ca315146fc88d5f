import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const SOURCE = join(ROOT, 'src');
/** Under node_modules, so that the compiled files resolve the project's packages as src does. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'airfleet-service');

function files(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
}

const isSpec = (path: string) => /\.spec\.ts$/.test(path);

/**
 * The TypeScript compiler, loaded only when src/ has to be compiled: it is 9 MB of JavaScript,
 * which each test file that starts the service would otherwise load again although the build
 * is almost always cached.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const typescript = (): typeof ts => require('typescript') as typeof ts;

/** The compiler options of `nest build` (tsconfig.build.json), for one file at a time. */
function compilerOptions(): ts.CompilerOptions {
  const ts = typescript();
  const configPath = join(ROOT, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  return { ...parsed.options, sourceMap: false, incremental: false, declaration: false };
}

let built: string | undefined;

/**
 * The service's src/ compiled to JavaScript, as `nest build` makes dist/src (types stripped file
 * by file, assets copied), so that a test can start the service as `npm start` runs it without
 * paying ts-node's compilation of every file in each spawned process (several seconds of CPU
 * each: the cluster test alone starts five). Built once per content of src/ into
 * node_modules/.cache/airfleet-service/<digest>; parallel test processes each build into a
 * private folder and rename it, the first rename wins. Returns the compiled src folder.
 */
export function compiledService(): string {
  if (built) {
    return built;
  }
  const sources = files(SOURCE).filter((path) => !isSpec(path));
  const digest = createHash('sha256');
  for (const path of [...sources, join(ROOT, 'tsconfig.json'), join(ROOT, 'tsconfig.build.json')]) {
    digest.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  const target = join(CACHE, digest.digest('hex').slice(0, 16));
  if (!existsSync(join(target, 'complete'))) {
    const building = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const options = compilerOptions();
    const { transpileModule } = typescript();
    for (const path of sources) {
      const out = join(building, 'src', relative(SOURCE, path));
      mkdirSync(dirname(out), { recursive: true });
      if (path.endsWith('.ts')) {
        const { outputText } = transpileModule(readFileSync(path, 'utf8'), {
          compilerOptions: options,
          fileName: path,
        });
        writeFileSync(out.replace(/\.ts$/, '.js'), outputText);
      } else {
        copyFileSync(path, out);
      }
    }
    writeFileSync(join(building, 'complete'), '');
    try {
      renameSync(building, target);
    } catch {
      // Another test process renamed its build first: the same content.
      rmSync(building, { recursive: true, force: true });
    }
  }
  built = join(target, 'src');
  return built;
}

/** `node` arguments that run a compiled entry point of src/ (`main`, `cli`) with `args`. */
export function serviceArgs(entry: 'main' | 'cli', ...args: string[]): string[] {
  return [join(compiledService(), `${entry}.js`), ...args];
}
