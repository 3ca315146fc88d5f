import { createHmac, randomBytes } from 'node:crypto';
import { ConfigurationError } from '../config/app-config';

/** Injection token of the secret that signs browser-session cookies and CSRF tokens. */
export const WEB_SECRET = Symbol('WEB_SECRET');

const MIN_SECRET_LENGTH = 32;

/**
 * `SESSION_SECRET` when set (at least 32 characters; share it between instances so that sessions
 * survive restarts and load balancing), else a random secret per boot: every restart then signs
 * all browsers out, which is harmless for a single instance.
 */
export function resolveWebSecret(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.SESSION_SECRET;
  if (given === undefined || given === '') {
    return randomBytes(32).toString('base64url');
  }
  if (given.length < MIN_SECRET_LENGTH) {
    throw new ConfigurationError(
      `Invalid configuration:\n  SESSION_SECRET: must be at least ${MIN_SECRET_LENGTH} characters`,
    );
  }
  return given;
}

/** A key for one purpose derived from the secret, so cookie signing and CSRF never share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`airfleet:${purpose}`).digest();
}
