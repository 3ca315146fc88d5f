/**
 * Run settings of the fuzz suite. By default (and always when CI=true without FUZZ_SEED) the seed
 * is fixed, so `npm test` is reproducible; `npm run fuzz` passes FUZZ_SEED=random and more runs.
 * In `npm test` every operation still gets DEFAULT_RUNS requests (with the fixed seed they reach
 * the same code every time); the long search is `npm run fuzz` (1000 per operation).
 */
export const DEFAULT_SEED = 20260901;
export const DEFAULT_RUNS = 20;

export interface FuzzSettings {
  seed: number;
  runs: number;
  /** Only operations whose key ("GET /v1/tags") matches this pattern (FUZZ_ONLY). */
  only: RegExp | null;
  /** FUZZ_SURVEY=1: keep running after a failure and list every distinct failure at the end. */
  survey: boolean;
}

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const runs = Number(env.FUZZ_RUNS ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`FUZZ_RUNS must be a positive integer, got ${env.FUZZ_RUNS}`);
  }
  return {
    seed: parseSeed(env.FUZZ_SEED),
    runs,
    only: env.FUZZ_ONLY ? new RegExp(env.FUZZ_ONLY) : null,
    survey: env.FUZZ_SURVEY === '1' || env.FUZZ_SURVEY === 'true',
  };
}

function parseSeed(given: string | undefined): number {
  if (given === undefined || given === '') {
    return DEFAULT_SEED;
  }
  if (given === 'random') {
    return Math.floor(Math.random() * 0x7fffffff);
  }
  const seed = Number(given);
  if (!Number.isInteger(seed)) {
    throw new Error(`FUZZ_SEED must be an integer or "random", got ${given}`);
  }
  return seed;
}

/** A stable per-operation seed, so one operation can be replayed alone with FUZZ_ONLY. */
export function operationSeed(seed: number, key: string): number {
  let hash = seed | 0;
  for (let i = 0; i < key.length; i++) {
    hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  }
  return hash;
}

export function replayCommand(settings: FuzzSettings, key?: string): string {
  const only = key ? ` FUZZ_ONLY='^${escapeRegExp(key)}$'` : '';
  return (
    `FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs}${only} ` +
    'npx jest --runInBand test/fuzz.e2e-spec.ts'
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
