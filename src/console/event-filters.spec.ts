import { eventFilterQuery, utcInstant } from './event-filters';

describe("the Events page's filters", () => {
  it('reads a datetime-local value as UTC, with or without seconds', () => {
    expect(utcInstant('2026-12-07T09:30')?.toISOString()).toBe('2026-12-07T09:30:00.000Z');
    expect(utcInstant('2026-12-07T09:30:15')?.toISOString()).toBe('2026-12-07T09:30:15.000Z');
    expect(utcInstant('2026-12-07T09:30:15.5')?.toISOString()).toBe('2026-12-07T09:30:15.500Z');
  });

  it('refuses what is no time', () => {
    for (const value of [
      '2026-02-30T10:00',
      '2026-12-07T24:00',
      '2026-12-07',
      'yesterday',
      '2026-12-07T09:30Z',
    ]) {
      expect(utcInstant(value)).toBeNull();
    }
  });

  it('keeps the window as typed, asks for its instants, and names a filter it cannot read', () => {
    expect(
      eventFilterQuery({ network_id: '7', since: ' 2026-12-07T09:30 ', until: 'soon', type: '' }),
    ).toEqual({
      filters: { network_id: 7, since: '2026-12-07T09:30', until: 'soon' },
      window: { since: '2026-12-07T09:30:00.000Z' },
      problems: ['until must be a date and time such as 2026-12-07T09:30'],
    });
    expect(eventFilterQuery({ network_id: 'x', before: '12' })).toEqual({
      filters: { before: 12 },
      window: {},
      problems: [],
    });
  });
});
