import fc from 'fast-check';
import { Operation } from './operations';
import { SchemaValues } from './schema-values';
import { ValuePools } from './world';

export type CallerName = 'admin' | 'superAdmin' | 'member' | 'device' | 'anonymous';

export type FuzzBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

/** One generated request; prints itself truncated in fast-check's counterexamples. */
export class FuzzRequest {
  constructor(
    readonly caller: CallerName,
    readonly method: string,
    readonly url: string,
    readonly body: FuzzBody,
  ) {}

  get payload(): string | undefined {
    switch (this.body.kind) {
      case 'none':
        return undefined;
      case 'json':
        return JSON.stringify(this.body.value) ?? 'null';
      case 'raw':
        return this.body.text;
    }
  }

  toString(): string {
    const body = this.payload;
    return (
      `${this.method} ${truncate(this.url, 300)} as ${this.caller}` +
      (body === undefined ? '' : ` body (${body.length} chars): ${truncate(body, 500)}`)
    );
  }

  [fc.toStringMethod](): string {
    return this.toString();
  }
}

export function truncate(text: string, max: number): string {
  const shown = text.length > max ? `${text.slice(0, max)}… (+${text.length - max} chars)` : text;
  return JSON.stringify(shown).slice(1, -1);
}

/** Builds the request arbitrary of one operation from its declared parameters and body. */
export function requestArbitrary(
  operation: Operation,
  pools: ValuePools,
  strayNames: string[],
): fc.Arbitrary<FuzzRequest> {
  const values = new SchemaValues(pools, strayNames);
  // Device routes are mostly called by the device; user routes now and then by a device too.
  const device = operation.deviceRoute ? 16 : 1;
  const caller = fc.oneof(
    { weight: 12, arbitrary: fc.constant<CallerName>('admin') },
    { weight: 4, arbitrary: fc.constant<CallerName>('superAdmin') },
    { weight: 3, arbitrary: fc.constant<CallerName>('member') },
    { weight: device, arbitrary: fc.constant<CallerName>('device') },
    { weight: 1, arbitrary: fc.constant<CallerName>('anonymous') },
  );
  const path = fc.tuple(...operation.pathParams.map((p) => values.pathSegment(p)));
  const query = fc.tuple(
    fc.tuple(...operation.queryParams.map((p) => values.queryPairs(p))),
    values.strayQueryPairs(),
  );
  const body = operation.body
    ? values.body(operation.body)
    : fc.constant<FuzzBody>({ kind: 'none' });
  return fc.tuple(caller, path, query, body).map(([who, segments, [declared, stray], payload]) => {
    let url = operation.path;
    operation.pathParams.forEach((p, i) => {
      const [text, raw] = segments[i];
      url = url.replace(`{${p.name}}`, raw ? text : encode(text));
    });
    const pairs = [...declared.flat(), ...stray];
    if (pairs.length > 0) {
      url += '?' + pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    }
    return new FuzzRequest(who, operation.method, url, payload);
  });
}

/** Each byte as a URL writes it: unreserved ASCII as itself, any other byte as %XX. */
const ENCODED_BYTES = Array.from({ length: 256 }, (_, byte) =>
  /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) && byte < 0x80
    ? String.fromCharCode(byte)
    : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
);

/**
 * Percent-encodes the UTF-8 bytes of any string, lone surrogates included (as U+FFFD). A table
 * per byte: the hostile strings run to megabytes, and a regular expression per byte cost the
 * suite over a second.
 */
const encode = (text: string): string => {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    encoded += ENCODED_BYTES[byte];
  }
  return encoded;
};
