import { firmwareChart } from './firmware-chart';

describe('firmwareChart', () => {
  it('draws one linked bar per version, proportional to its count, escaping labels', () => {
    const svg = firmwareChart([
      { label: '2.0.1', count: 10, href: '/devices?firmware=2.0.1' },
      { label: '<1.9 & "old">', count: 5, href: '/devices?firmware=x&status=UP' },
    ]);
    expect(svg).toMatch(/^<svg class="chart" [^>]*viewBox="0 0 640 60"[^>]*aria-hidden="true"/);
    expect(svg).toContain(
      '<a href="/devices?firmware=2.0.1" tabindex="-1"><text x="142" y="19" text-anchor="end">2.0.1</text>' +
        '<rect x="150" y="5" width="430" height="20" rx="3"></rect><text x="586" y="19">10</text></a>',
    );
    expect(svg).toContain('width="215"');
    expect(svg).toContain('&lt;1.9 &amp; &quot;old&quot;&gt;');
    expect(svg).toContain('href="/devices?firmware=x&amp;status=UP"');
  });

  it('draws an empty chart without devices', () => {
    expect(firmwareChart([])).toBe(
      '<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 30" width="100%" ' +
        'preserveAspectRatio="xMinYMin meet" aria-hidden="true" focusable="false"></svg>',
    );
  });
});
