import { deviceSearch, deviceSearchCondition, deviceSearchSql } from './device-search';

describe('device search', () => {
  it('searches MACs in any form, and names', () => {
    expect(deviceSearch('aa:bb:cc')).toEqual({ text: 'aa:bb:cc', macDigits: 'AABBCC' });
    expect(deviceSearch('AA-BB-CC-DD-EE-FF')).toEqual({
      text: 'AA-BB-CC-DD-EE-FF',
      macDigits: 'AABBCCDDEEFF',
    });
    expect(deviceSearch('aabb.ccdd.eeff').macDigits).toBe('AABBCCDDEEFF');
    expect(deviceSearch('lobby')).toEqual({ text: 'lobby', macDigits: null });
    expect(deviceSearch('cafe')).toEqual({ text: 'cafe', macDigits: 'CAFE' });
  });

  it('matches names by a literal text, and MACs only when the text can be part of one', () => {
    expect(deviceSearchCondition('d', deviceSearch('50%_off\\'))).toEqual({
      condition: "LOWER(COALESCE(d.name, '')) LIKE :searchName ESCAPE '\\'",
      parameters: { searchName: '%50\\%\\_off\\\\%', searchMac: '%%' },
    });
    expect(deviceSearchCondition('x', deviceSearch('Ca:Fe'))).toEqual({
      condition:
        "(LOWER(COALESCE(x.name, '')) LIKE :searchName ESCAPE '\\' OR REPLACE(x.mac_id, ':', '') LIKE :searchMac)",
      parameters: { searchName: '%ca:fe%', searchMac: '%CAFE%' },
    });
  });

  it('writes the same condition with bound marks for a hand-written statement', () => {
    const bound: string[] = [];
    const param = (value: string) => `$${bound.push(value)}`;
    expect(deviceSearchSql('d', deviceSearch('50%'), param)).toBe(
      `LOWER(COALESCE(d."name", '')) LIKE $1 ESCAPE '\\'`,
    );
    expect(deviceSearchSql('d', deviceSearch('Ca:Fe'), param)).toBe(
      `(LOWER(COALESCE(d."name", '')) LIKE $2 ESCAPE '\\' OR REPLACE(d."mac_id", ':', '') LIKE $3)`,
    );
    expect(bound).toEqual(['%50\\%%', '%ca:fe%', '%CAFE%']);
  });
});
