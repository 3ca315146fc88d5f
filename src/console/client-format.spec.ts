import {
  clientListHref,
  clientListQuery,
  sessionLength,
  signalBarWidth,
  signalWord,
} from './client-format';

describe('client format', () => {
  it('names a signal in words and as a bar', () => {
    expect([-40, -60, -61, -75, -76, null].map(signalWord)).toEqual([
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Weak',
      'Unknown',
    ]);
    expect([-120, -100, -65, -30, 0, null].map(signalBarWidth)).toEqual([0, 0, 50, 100, 100, 0]);
  });

  it('says how long a session lasted', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const plus = (s: number) => new Date(at.getTime() + s * 1000);
    expect(
      [45, 720, 3 * 3600 + 300, 2 * 86400 + 4 * 3600].map((s) => sessionLength(at, plus(s))),
    ).toEqual(['45 s', '12 min', '3 h 5 min', '2 d 4 h']);
  });

  it('reads the query leniently and writes it back', () => {
    const query = clientListQuery({
      search: ' ab:cd ',
      band: '7',
      connected: 'true',
      sort: 'rssi',
      page: 'x',
      network_id: '-1',
    });
    expect(query).toEqual({
      search: 'ab:cd',
      network_id: undefined,
      band: undefined,
      connected: 'true',
      sort: 'rssi',
      page: 1,
    });
    expect(clientListHref({ ...query, page: 3 })).toBe(
      '/clients?search=ab%3Acd&connected=true&sort=rssi&page=3',
    );
    expect(clientListHref({ page: 1 }, '/clients.csv')).toBe('/clients.csv');
  });
});
