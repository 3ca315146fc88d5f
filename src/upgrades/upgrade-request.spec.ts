import { isRequestId, newRequestId, requestTime } from './upgrade-request';

describe('upgrade request ids', () => {
  const at = new Date('2030-01-02T03:04:05.678Z');

  it('writes a UUIDv7 whose first 48 bits are the instant', () => {
    const id = newRequestId(at, Buffer.alloc(10, 0xff));
    expect(id).toBe('01b8e094-9b2e-7fff-bfff-ffffffffffff');
    expect(isRequestId(id)).toBe(true);
    expect(requestTime(id)).toEqual(at);
  });

  it('orders ids of later requests after earlier ones as text', () => {
    const later = new Date(at.getTime() + 1);
    const ids = [
      newRequestId(later, Buffer.alloc(10, 0)),
      newRequestId(at, Buffer.alloc(10, 0xff)),
    ];
    expect([...ids].sort()).toEqual(ids.reverse());
  });

  it('makes a different id for each request at the same instant', () => {
    expect(newRequestId(at)).not.toBe(newRequestId(at));
  });

  it.each([
    ['an upper-case id', newRequestId(at).toUpperCase()],
    ['a version 4 UUID', '0b9d3c1e-9f1a-4c2b-8d3e-1f2a3b4c5d6e'],
    ['text', 'requests'],
    ['a number', 7],
    ['a longer text', `${newRequestId(at)}0`],
  ])('refuses %s', (_name, text) => {
    expect(isRequestId(text)).toBe(false);
  });
});
