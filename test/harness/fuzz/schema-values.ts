import fc from 'fast-check';
import { hostileText, hostileValue, MALFORMED_JSON, pollutingObject } from './hostile';
import { Parameter, Schema } from './operations';
import type { FuzzBody } from './requests';
import { ValuePools } from './world';

const isInteger = (schema: Schema) => schema.type === 'integer' || schema.type === 'number';

/** Schema-driven values: mostly plausible (fixture values), a share hostile. */
export class SchemaValues {
  constructor(
    private readonly pools: ValuePools,
    private readonly strayNames: string[],
  ) {}

  /** A path segment, and whether it goes into the URL as is (broken percent-encoding). */
  pathSegment(p: Parameter): fc.Arbitrary<[string, boolean]> {
    // An empty segment would reach another route; everything else is fair game.
    const hostile = hostileText().filter((s) => s !== '' && s !== '.' && s !== '..');
    return fc
      .oneof(
        {
          weight: 12,
          arbitrary: this.valid(p.schema, p.name, 0).map((v): [string, boolean] => [
            stringify(v),
            false,
          ]),
        },
        { weight: 8, arbitrary: hostile.map((v): [string, boolean] => [v, false]) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('%', '%E0%A4%A', '%zz', '%00')
            .map((v): [string, boolean] => [v, true]),
        },
      )
      .filter(([text]) => text !== '');
  }

  queryPairs(p: Parameter): fc.Arbitrary<[string, string][]> {
    const one = fc.oneof(
      { weight: 3, arbitrary: this.valid(p.schema, p.name, 0).map((v) => stringify(v)) },
      { weight: 2, arbitrary: hostileText() },
    );
    return fc.oneof(
      { weight: p.required ? 0 : 2, arbitrary: fc.constant([] as never[]) },
      { weight: 6, arbitrary: one.map((v): [string, string][] => [[p.name, v]]) },
      {
        weight: 1,
        arbitrary: fc.tuple(one, one).map(([a, b]): [string, string][] => [
          [p.name, a],
          [p.name, b],
        ]),
      },
    );
  }

  strayQueryPairs(): fc.Arbitrary<[string, string][]> {
    const key = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...this.strayNames) },
      { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', '') },
    );
    const pair = fc.tuple(key, fc.oneof(hostileText(), this.untyped('', 1).map(stringify)));
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as never[]) },
      { weight: 1, arbitrary: fc.array(pair, { minLength: 1, maxLength: 3 }) },
    );
  }

  body(schema: Schema): fc.Arbitrary<FuzzBody> {
    return fc.oneof(
      {
        weight: 14,
        arbitrary: this.field(schema, '', 0).map((value): FuzzBody => ({ kind: 'json', value })),
      },
      { weight: 2, arbitrary: hostileValue().map((value): FuzzBody => ({ kind: 'json', value })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...MALFORMED_JSON)
          .map((text): FuzzBody => ({ kind: 'raw', text })),
      },
      { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'json', value: pollutingObject() }) },
    );
  }

  /** A value for a field: plausible three times out of four, else hostile. */
  field(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: this.valid(schema, name, depth) },
      { weight: 1, arbitrary: hostileValue() },
    );
  }

  valid(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    const variants = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as Schema[] | undefined;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      return fc.constantFrom(...(schema.enum as unknown[]));
    }
    if (variants && variants.length > 0) {
      return fc.oneof(...variants.map((v) => this.valid(v, name, depth)));
    }
    if (isInteger(schema)) {
      return fc.oneof(fc.constantFrom(...this.pools.ids), fc.integer({ min: 1, max: 40 }));
    }
    switch (schema.type) {
      case 'boolean':
        return fc.boolean();
      case 'string':
        return this.text(name);
      case 'array':
        return fc.array(this.field((schema.items as Schema | undefined) ?? {}, name, depth + 1), {
          maxLength: 4,
        });
      case 'object':
        return this.object(schema, depth);
      default:
        return schema.properties ? this.object(schema, depth) : this.untyped(name, depth);
    }
  }

  /** Declared properties (required ones mostly present), plus stray keys the document knows. */
  object(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    const required = new Set((schema.required ?? []) as string[]);
    const declared = fc.tuple(
      ...properties.map(([key, s]) =>
        fc
          .oneof(
            { weight: required.has(key) ? 1 : 3, arbitrary: fc.constant(undefined) },
            { weight: 8, arbitrary: this.field(s, key, depth + 1) },
          )
          .map((v): [string, unknown] => [key, v]),
      ),
    );
    const stray = depth > 2 ? fc.constant([] as never[]) : this.strayEntries(depth);
    return fc
      .tuple(declared, stray)
      .map(([entries, extra]) =>
        Object.fromEntries([...entries.filter(([, v]) => v !== undefined), ...extra]),
      );
  }

  private strayEntries(depth: number): fc.Arbitrary<[string, unknown][]> {
    const key = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...this.strayNames) },
      { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
    );
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant([] as never[]) },
      {
        weight: 1,
        arbitrary: fc.array(
          key.chain((k) => this.field({}, k, depth + 1).map((v): [string, unknown] => [k, v])),
          { minLength: 1, maxLength: 3 },
        ),
      },
    );
  }

  /** No declared type: guess from the name, with fixture values. */
  untyped(name: string, depth: number): fc.Arbitrary<unknown> {
    if (/(^|_)ids?$/.test(name)) {
      return fc.oneof(
        fc.constantFrom(...this.pools.ids),
        fc.constantFrom(...this.pools.ids).map(String),
        fc.array(fc.constantFrom(...this.pools.ids), { maxLength: 3 }),
      );
    }
    if (/mac|serial|name|list|aps/.test(name)) {
      return fc.oneof(this.text(name), fc.array(this.text(name), { maxLength: 3 }));
    }
    const options: fc.Arbitrary<unknown>[] = [
      this.text(name),
      fc.constantFrom(...this.pools.ids),
      fc.boolean(),
    ];
    if (depth < 2) {
      options.push(this.object({}, depth + 1));
    }
    return fc.oneof(...options);
  }

  /** A plausible string, now and then tainted (NUL, a quote, control characters, length). */
  text(name: string): fc.Arbitrary<string> {
    const plain = this.plainText(name);
    return fc.oneof(
      { weight: 8, arbitrary: plain },
      {
        weight: 2,
        arbitrary: fc
          .tuple(plain, fc.constantFrom('\u0000', "'", '\r\n', '\u001b[0m', 'x'.repeat(300)))
          .map(([text, taint]) => text + taint),
      },
    );
  }

  private plainText(name: string): fc.Arbitrary<string> {
    const { macs, serials, names, words, ids } = this.pools;
    if (/mac/.test(name)) {
      return fc.oneof(
        fc.constantFrom(...macs),
        fc.subarray(macs, { minLength: 1, maxLength: 4 }).map((m) => m.join(',')),
        fc.constantFrom(...macs).map((m) => m.toLowerCase().replace(/:/g, '-')),
      );
    }
    if (/serial/.test(name)) {
      return fc.oneof(
        fc.constantFrom(...serials),
        fc.subarray(serials, { minLength: 1, maxLength: 3 }).map((s) => s.join(',')),
      );
    }
    if (/(^|_)id$/.test(name)) {
      return fc.constantFrom(...ids).map(String);
    }
    return fc.oneof(
      fc.constantFrom(...names, ...words),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
  }
}

export const stringify = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
