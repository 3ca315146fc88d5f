import { createHmac } from 'node:crypto';

/** Injection token of the secret that signs browser-session cookies and CSRF tokens. */
export const WEB_SECRET = Symbol('WEB_SECRET');

/** A key for one purpose derived from the secret, so cookie signing and CSRF never share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`airfleet:${purpose}`).digest();
}
