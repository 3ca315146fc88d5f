import { firmwareChart } from './firmware-chart';

describe('firmwareChart', () => {
  it('draws one linked bar per version under its label, proportional to its count, escaping labels', () => {
    const svg = firmwareChart([
      { label: '2.0.1', count: 10, href: '/devices?firmware=2.0.1' },
      { label: '<1.9 & "old">', count: 5, href: '/devices?firmware=x&status=UP' },
    ]);
    expect(svg).toMatch(/^<svg class="chart" [^>]*width="100%" height="92" aria-hidden="true"/);
    expect(svg).toContain(
      '<a href="/devices?firmware=2.0.1" tabindex="-1"><text x="0" y="15">2.0.1</text>' +
        '<rect x="0" y="21" width="82%" height="16" rx="3"></rect><text x="83.5%" y="34">10</text></a>',
    );
    expect(svg).toContain('<rect x="0" y="67" width="41%"');
    expect(svg).toContain('&lt;1.9 &amp; &quot;old&quot;&gt;');
    expect(svg).toContain('href="/devices?firmware=x&amp;status=UP"');
  });

  it('has no viewBox, so that its text is never scaled down with the chart', () => {
    expect(firmwareChart([{ label: '1.0', count: 1, href: '/d' }])).not.toContain('viewBox');
  });

  it('still shows a sliver for a version far rarer than the most common one', () => {
    const svg = firmwareChart([
      { label: 'a', count: 100000, href: '/a' },
      { label: 'b', count: 1, href: '/b' },
    ]);
    expect(svg).toContain('width="0.5%"');
  });

  it('draws an empty chart without devices', () => {
    expect(firmwareChart([])).toBe(
      '<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="100%" height="46" ' +
        'aria-hidden="true" focusable="false"></svg>',
    );
  });
});
