import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Slow salted password hashes for browser sign-in: scrypt with N = 2^17, r = 8,
 * p = 1, stored with its parameters in a PHC-like string `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (salt and hash in base64). Hashes of the first format, `scrypt$<salt>$<hash>` with Node's
 * defaults (N = 2^14, r = 8, p = 1), still verify and report that they need rehashing.
 */
export interface ScryptParameters {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMETERS: ScryptParameters = { ln: 17, r: 8, p: 1 };
const LEGACY_PARAMETERS: ScryptParameters = { ln: 14, r: 8, p: 1 };
/** Bounds for parameters read from a stored hash, so that a bad row cannot exhaust memory. */
const LIMITS = { ln: [10, 20], r: [1, 32], p: [1, 16] } as const;
const MAX_MEMORY_BYTES = 1024 ** 3;
const KEY_LENGTH = 64;

interface ParsedHash {
  parameters: ScryptParameters;
  salt: Buffer;
  hash: Buffer;
}

function scryptAsync(password: string, salt: Buffer, length: number, params: ScryptParameters) {
  const N = 2 ** params.ln;
  // scrypt needs about 128 * N * r bytes; Node refuses more than 32 MiB unless told.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, CURRENT_PARAMETERS);
  const { ln, r, p } = CURRENT_PARAMETERS;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    return false;
  }
  const actual = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.parameters);
  return timingSafeEqual(parsed.hash, actual);
}

/** True when the stored hash is of another format or weaker parameters than CURRENT_PARAMETERS. */
export function needsRehash(stored: string | null): boolean {
  const parsed = parseHash(stored);
  if (!parsed || !stored?.startsWith('$scrypt$')) {
    return true;
  }
  const { ln, r, p } = parsed.parameters;
  return (
    ln < CURRENT_PARAMETERS.ln ||
    r < CURRENT_PARAMETERS.r ||
    p < CURRENT_PARAMETERS.p ||
    parsed.hash.length < KEY_LENGTH
  );
}

function parseHash(stored: string | null): ParsedHash | null {
  const parts = (stored ?? '').split('$');
  if (parts.length === 3 && parts[0] === 'scrypt') {
    return decoded(LEGACY_PARAMETERS, parts[1], parts[2]);
  }
  if (parts.length === 5 && parts[0] === '' && parts[1] === 'scrypt') {
    const match = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[2]);
    if (!match) {
      return null;
    }
    const parameters = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
    return withinLimits(parameters) ? decoded(parameters, parts[3], parts[4]) : null;
  }
  return null;
}

function withinLimits(parameters: ScryptParameters): boolean {
  return (
    (Object.keys(LIMITS) as (keyof ScryptParameters)[]).every(
      (key) => parameters[key] >= LIMITS[key][0] && parameters[key] <= LIMITS[key][1],
    ) && 128 * 2 ** parameters.ln * parameters.r <= MAX_MEMORY_BYTES
  );
}

function decoded(parameters: ScryptParameters, salt: string, hash: string): ParsedHash | null {
  const saltBytes = Buffer.from(salt, 'base64');
  const hashBytes = Buffer.from(hash, 'base64');
  if (saltBytes.length < 8 || hashBytes.length < 16) {
    return null;
  }
  return { parameters, salt: saltBytes, hash: hashBytes };
}
