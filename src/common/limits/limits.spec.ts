import { ArgumentMetadata } from '@nestjs/common';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { createValidationPipe } from '../validation/validation';
import { ValidationFailedError } from '../errors/domain-error';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './json-depth';
import { listEntryCount, ListTooLongError, MAX_LIST_ENTRIES, MaxListEntries } from './list-limit';
import { findNul, markParsed } from './nul';

describe('findNul', () => {
  it('finds NUL in a string, however deeply nested, and names its path', () => {
    expect(findNul('a\u0000')).toBe('');
    expect(findNul({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(findNul([{ name: 'ok' }, { name: '\u0000' }])).toBe('1.name');
  });

  it('finds NUL in an object key', () => {
    expect(findNul({ url: { 'a\u0000': 'x' } })).toBe('url');
  });

  it('finds nothing in clean values, numbers, booleans and null', () => {
    expect(findNul({ a: [1, true, null, 'text', { b: 'c' }] })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
  });

  it('finds NUL in a body parsed from text that holds the escape', () => {
    const text = '{"a":{"b":["x","y\\u0000"]}}';
    const body: unknown = JSON.parse(text);
    markParsed(text, body);
    expect(findNul(body)).toBe('a.b.1');
  });

  it('trusts a body parsed from text without the escape: JSON strings hold no raw NUL', () => {
    expect(() => JSON.parse('{"a":"x\u0000"}')).toThrow(SyntaxError);
    const text = '{"a":"x"}';
    const body = JSON.parse(text) as { a: string };
    markParsed(text, body);
    body.a = 'changed\u0000 after parsing (never done)';
    expect(findNul(body)).toBeUndefined();
  });

  it('walks a very deep value without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    expect(findNul(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});

describe('jsonDeeperThan', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('counts the outermost array or object as level 1', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonDeeperThan(nested(64))).toBe(false);
    expect(jsonDeeperThan(nested(65))).toBe(true);
    expect(jsonDeeperThan('{"a":'.repeat(64) + '1' + '}'.repeat(64))).toBe(false);
    expect(jsonDeeperThan('{"a":'.repeat(65) + '1' + '}'.repeat(65))).toBe(true);
    expect(jsonDeeperThan('1')).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDeeperThan(JSON.stringify({ s: '['.repeat(200) }))).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ s: '\\"' + '{'.repeat(200) }))).toBe(false);
  });

  it('measures depth, not the number of siblings', () => {
    expect(jsonDeeperThan(`[${Array(1000).fill('[]').join(',')}]`)).toBe(false);
  });

  it('handles a million levels without recursion', () => {
    expect(jsonDeeperThan(nested(1_000_000))).toBe(true);
  });
});

describe('list limit', () => {
  it('counts array items and non-empty comma-separated entries', () => {
    expect(listEntryCount(['a', 'b'])).toBe(2);
    expect(listEntryCount('a, b,,c, ')).toBe(3);
    expect(listEntryCount(',,,')).toBe(0);
    expect(listEntryCount(undefined)).toBe(0);
    expect(MAX_LIST_ENTRIES).toBe(10_000);
  });

  it('answers 422 1030 naming the limit, whatever the operation code', () => {
    const error = new ListTooLongError('devices');
    expect(error.httpStatus).toBe(422);
    expect(error.body()).toEqual({
      msg: 'devices takes at most 10000 entries',
      error_code: 1030,
      errors: 'devices takes at most 10000 entries',
    });
    expect(error).not.toBeInstanceOf(ValidationFailedError);
  });
});

describe('the global validation pipe', () => {
  class Body {
    @IsOptional()
    @IsArray()
    @MaxListEntries()
    @IsString({ each: true })
    devices?: string[];

    @IsOptional()
    @IsString()
    name?: string;
  }
  const body: ArgumentMetadata = { type: 'body', metatype: Body };
  const pipe = createValidationPipe();

  it('refuses NUL before class-validator, naming the field', async () => {
    await expect(pipe.transform({ name: 'a\u0000' }, body)).rejects.toEqual(
      new ValidationFailedError(['name must not contain the NUL character']),
    );
    await expect(
      pipe.transform({ q: 'x\u0000' }, { type: 'query', metatype: Object, data: undefined }),
    ).rejects.toBeInstanceOf(ValidationFailedError);
  });

  it('does not look at values of custom parameter decorators', async () => {
    await expect(pipe.transform('a\u0000', { type: 'custom' })).resolves.toBe('a\u0000');
  });

  it('answers a list over the limit with ListTooLongError', async () => {
    const devices = Array(MAX_LIST_ENTRIES + 1).fill('x');
    await expect(pipe.transform({ devices }, body)).rejects.toEqual(
      new ListTooLongError('devices'),
    );
    await expect(pipe.transform({ devices: devices.slice(1) }, body)).resolves.toMatchObject({
      devices: devices.slice(1),
    });
  });
});
