import { cookieHeader, csrfOf, overFirst, pageLayout } from './pages-plan';

describe('pageLayout', () => {
  it('puts 10,000 devices in one network holding every device', () => {
    expect(pageLayout(10_000)).toEqual({ networks: 1, networklessEvery: 0, networkId: 1 });
  });

  it('gives larger organisations a network per 10,000 devices, network 2 measured', () => {
    expect(pageLayout(100_000)).toEqual({ networks: 10, networklessEvery: 20, networkId: 2 });
    expect(pageLayout(1_000_000)).toEqual({ networks: 100, networklessEvery: 20, networkId: 2 });
  });

  it("leaves network 2 its 10,000 devices: the seed's rule, counted", () => {
    for (const devices of [100_000, 1_000_000]) {
      const { networks, networklessEvery } = pageLayout(devices);
      let inNetwork2 = 0;
      for (let i = 1; i <= devices; i++) {
        if (i % networklessEvery !== 0 && i % networks === 1) {
          inNetwork2++;
        }
      }
      expect(inNetwork2).toBe(10_000);
    }
  });

  it('refuses a size that is not a multiple of 10,000', () => {
    expect(() => pageLayout(15_000)).toThrow('15000 devices: expected a multiple of 10,000');
    expect(() => pageLayout(5_000)).toThrow('expected a multiple of 10,000');
  });
});

describe('cookieHeader', () => {
  it('sends back the name and value of each cookie set, later ones replacing earlier', () => {
    expect(
      cookieHeader(
        ['airfleet_session=s.abc.sig; Path=/; HttpOnly; SameSite=Lax', 'airfleet_flash=x; Path=/'],
        'airfleet_session=nonce.sig; other=1',
      ),
    ).toBe('airfleet_session=s.abc.sig; other=1; airfleet_flash=x');
  });

  it('is empty when nothing was set', () => {
    expect(cookieHeader([])).toBe('');
  });
});

describe('csrfOf', () => {
  it("reads the first form's token", () => {
    expect(csrfOf('<input type="hidden" name="_csrf" value="t0k-en_1">')).toBe('t0k-en_1');
  });

  it('throws without one', () => {
    expect(() => csrfOf('<form></form>')).toThrow('no CSRF token in the page');
  });
});

describe('overFirst', () => {
  const rows = [
    { page: 'overview', devices: 100_000, value: 30 },
    { page: 'overview', devices: 10_000, value: 20 },
    { page: 'network', devices: 10_000, value: 0 },
    { page: 'network', devices: 100_000, value: 5 },
  ];

  it("divides a size's value by the same page's at the smallest size", () => {
    expect(overFirst(rows, 'overview', 100_000)).toBe(1.5);
    expect(overFirst(rows, 'overview', 10_000)).toBe(1);
  });

  it('has no ratio without the size, or over zero', () => {
    expect(overFirst(rows, 'overview', 1_000_000)).toBeUndefined();
    expect(overFirst(rows, 'network', 100_000)).toBeUndefined();
  });
});
