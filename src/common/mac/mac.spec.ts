import { normaliseMac, parseMacs, splitList } from './mac';

describe('normaliseMac', () => {
  it.each([
    'aa:bb:cc:dd:ee:ff',
    'AA:BB:CC:DD:EE:FF',
    'aA:Bb:cC:dD:eE:fF',
    'AA-BB-CC-DD-EE-FF',
    'aa:bb-cc:dd-ee:ff',
    'aabbccddeeff',
    ' AaBbCcDdEeFf ',
    ' aa:bb:cc:dd:ee:ff',
  ])('turns %p into the stored form', (input) => {
    expect(normaliseMac(input)).toBe('AA:BB:CC:DD:EE:FF');
  });

  it.each([
    '',
    'aabbccddee',
    'aabbccddeeff00',
    'gg:bb:cc:dd:ee:ff',
    'aa.bb.cc.dd.ee.ff',
    'aa bb cc dd ee ff',
    'aa:bb:cc:dd:ee:f',
    'aa:bb:cc:dd:ee:ff:00',
  ])('rejects %p', (input) => {
    expect(normaliseMac(input)).toBeNull();
  });
});

describe('splitList', () => {
  it('trims entries and drops empty ones', () => {
    expect(splitList(' a , b,,c ,')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe('parseMacs', () => {
  it('normalises, de-duplicates and keeps malformed entries as given', () => {
    expect(parseMacs('aabbccddeeff, AA:BB:CC:DD:EE:FF, nope, 11-22-33-44-55-66')).toEqual({
      valid: ['AA:BB:CC:DD:EE:FF', '11:22:33:44:55:66'],
      invalid: ['nope'],
    });
  });

  it('accepts an array', () => {
    expect(parseMacs(['aabbccddeeff', 'x'])).toEqual({
      valid: ['AA:BB:CC:DD:EE:FF'],
      invalid: ['x'],
    });
  });
});
