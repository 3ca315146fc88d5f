import fc from 'fast-check';

/** 100 kB of text. */
export const HUGE_STRING = 'a'.repeat(100 * 1024);

/** Ids outside 1..2^31-1, non-integers and id-like strings. */
export const HOSTILE_IDS: readonly unknown[] = [
  2147483648,
  2147483647,
  9223372036854775808,
  1e21,
  -1,
  0,
  1.5,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  '1e3',
  '2147483648',
  '9223372036854775808',
  '1e21',
  '-1',
  '0',
  '1.5',
  '0x1F',
  ' 7',
  'NaN',
  'Infinity',
];

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  HUGE_STRING,
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u001b\u001f\u007f',
  'line\r\nbreak',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  '"',
  '{"a":1}',
  '[1,2,3]',
  'null',
  'true',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\uD800',
  '\u202Eevil',
  '\u{1F600}'.repeat(300),
  '\u00E9'.repeat(5000),
  'ZZ:ZZ:ZZ:ZZ:ZZ:ZZ',
  '00:00:00:00:00:00',
  'ff:ff:ff:ff:ff:ff,ff:ff:ff:ff:ff:ff,,',
  '${7*7}{{7*7}}',
  '%00%0a',
];

const nest = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) {
    value = asArray ? [value] : { a: value };
  }
  return value;
};

/** Own `__proto__` and `constructor` keys (Object.fromEntries defines them as plain keys). */
export const pollutingObject = (inner: unknown = { polluted: true }) =>
  Object.fromEntries([
    ['__proto__', inner],
    ['constructor', { prototype: inner }],
  ]);

const macLike = (i: number) =>
  `0E:${[16, 8, 0].map((s) => ((i >> s) & 0xff).toString(16).padStart(2, '0')).join(':')}:00:01`;

export const HOSTILE_STRUCTURES: readonly unknown[] = [
  null,
  true,
  {},
  [],
  [null],
  [[[]]],
  { a: { b: { c: [1, { d: null }] } } },
  nest(70, 1, true),
  nest(70, 'x', false),
  nest(2000, null, true),
  pollutingObject(),
  Array.from({ length: 10_001 }, (_, i) => macLike(i)),
  Array.from({ length: 10_001 }, (_, i) => i + 1),
];

/** Any hostile JSON value: wrong types, huge/negative/float ids, nasty strings, structures. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRUCTURES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.double(),
        fc.bigInt().map((b) => Number(b)),
      ),
    },
  );

/** A hostile value for a query string or path segment (text only). */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS.map(String)) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(200), '[]', '{}', 'a,b', '1,2') },
  );

/** Bodies that are not JSON at all although they say they are. */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '[',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":1e999999}',
  '"unterminated',
];
