import { randomBytes } from 'node:crypto';

/**
 * The identity of one upgrade request: the create, update or retry that wrote a group
 * of upgrades. A UUID of version 7 (RFC 9562): its first 48 bits are the request's instant in
 * milliseconds, so that the text order of ids is their time order (newest first is descending
 * text) and the instant is read back from the id without another column.
 */
export function newRequestId(at: Date, random: Buffer = randomBytes(10)): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  random.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether a text is a request id as newRequestId writes it (lower-case UUIDv7). */
export function isRequestId(text: unknown): text is string {
  return typeof text === 'string' && REQUEST_ID.test(text);
}

/** The instant a request id was made at. */
export function requestTime(id: string): Date {
  return new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}
