import { validateSync } from 'class-validator';
import { IsTimeZone, isTimeZone, TIME_ZONES } from './time-zones';

class Zoned {
  @IsTimeZone('zone must be a listed time zone')
  zone: unknown;
}

const errorsOf = (zone: unknown) => {
  const body = Object.assign(new Zoned(), { zone });
  return validateSync(body).flatMap((e) => Object.values(e.constraints ?? {}));
};

describe('time zones', () => {
  it('lists the IANA names sorted, UTC among them', () => {
    expect(TIME_ZONES).toEqual([...TIME_ZONES].sort());
    expect(TIME_ZONES).toEqual(expect.arrayContaining(['UTC', 'Europe/Paris']));
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
  });

  it('lists the current names beside their old aliases, and every name the runtime lists', () => {
    const pairs = [
      ['Asia/Kolkata', 'Asia/Calcutta'],
      ['Europe/Kyiv', 'Europe/Kiev'],
      ['America/Nuuk', 'America/Godthab'],
      ['Pacific/Kanton', 'Pacific/Enderbury'],
      ['Etc/UTC', 'UTC'],
    ];
    expect(TIME_ZONES).toEqual(expect.arrayContaining(pairs.flat()));
    expect(TIME_ZONES).toEqual(expect.arrayContaining(Intl.supportedValuesOf('timeZone')));
  });

  it('lists only names the runtime computes times in', () => {
    const computes = (timeZone: string) => new Intl.DateTimeFormat('en', { timeZone }).format(0);
    for (const name of TIME_ZONES) {
      expect(() => computes(name)).not.toThrow();
    }
    expect(TIME_ZONES).not.toContain('Factory');
  });

  it('accepts exactly the listed names', () => {
    expect(TIME_ZONES.every(isTimeZone)).toBe(true);
    const others = ['Mars/Olympus', 'europe/paris', 'asia/kolkata', 'IST', 'PST', 'SystemV/AST4'];
    for (const other of [...others, '', ' UTC', 0, null]) {
      expect(isTimeZone(other)).toBe(false);
    }
  });

  it('validates a DTO field with the message the operation gives', () => {
    expect(errorsOf('Europe/Paris')).toEqual([]);
    expect(errorsOf('Mars/Olympus')).toEqual(['zone must be a listed time zone']);
    expect(errorsOf(42)).toEqual(['zone must be a listed time zone']);
  });
});
