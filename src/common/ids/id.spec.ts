import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { IsId, MAX_ID, readId, UNMATCHED_ID } from './id';

class Body {
  @IsId()
  id: unknown;

  @IsOptional()
  @IsId()
  other?: unknown;
}

const parse = (plain: Record<string, unknown>) => {
  const body = plainToInstance(Body, plain);
  return { body, errors: validateSync(body).flatMap((e) => Object.values(e.constraints ?? {})) };
};

describe('readId', () => {
  it.each([
    [1, 1],
    ['1', 1],
    [' 42 ', 42],
    [MAX_ID, MAX_ID],
    [String(MAX_ID), MAX_ID],
    ['12.0', 12],
  ])('reads %p as the id %p', (value, id) => {
    expect(readId(value)).toBe(id);
  });

  it.each([
    0,
    -5,
    '0',
    '-1',
    MAX_ID + 1,
    '2147483648',
    2 ** 63,
    '9223372036854775808',
    1e21,
    '1e21',
    '1E21',
    Infinity,
    '1' + '0'.repeat(400),
    '1e400',
  ])('maps the out-of-range integer %p to UNMATCHED_ID', (value) => {
    expect(readId(value)).toBe(UNMATCHED_ID);
  });

  it.each(['abc', '', ' ', '1.5', 1.5, '0x10', '1,2', '12abc', NaN, true, null, undefined, {}, []])(
    'finds no id in %p (a wrong type)',
    (value) => {
      expect(readId(value)).toBeUndefined();
    },
  );

  it('gives an out-of-range id a value no lookup can confuse with "absent"', () => {
    expect(UNMATCHED_ID).toBeLessThan(1);
    expect(Boolean(UNMATCHED_ID)).toBe(true);
    expect(Number.isInteger(UNMATCHED_ID)).toBe(true);
    expect(UNMATCHED_ID).toBeGreaterThanOrEqual(-(2 ** 31));
  });
});

describe('@IsId', () => {
  it('transforms numeric strings and keeps in-range ids', () => {
    expect(parse({ id: '7' })).toEqual({ body: expect.objectContaining({ id: 7 }), errors: [] });
  });

  it('answers out-of-range ids as UNMATCHED_ID without a validation error', () => {
    for (const id of [2147483648, '9223372036854775808', '1e21', 0]) {
      expect(parse({ id })).toEqual({
        body: expect.objectContaining({ id: UNMATCHED_ID }),
        errors: [],
      });
    }
  });

  it('fails validation for a non-integer', () => {
    for (const id of ['abc', 1.5, true, {}, [1]]) {
      expect(parse({ id }).errors).toEqual(['id must be an integer number']);
    }
  });

  it('lets an optional id be left out or null', () => {
    expect(parse({ id: 1 }).errors).toEqual([]);
    expect(parse({ id: 1, other: null }).errors).toEqual([]);
  });
});
