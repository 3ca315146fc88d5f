import { historyChart, historySummary } from './history-chart';

const point = (minute: number, devices: number, up: number, clients: number) => ({
  at: new Date(minute * 60000).toISOString(),
  devices,
  up,
  clients,
});

describe('historyChart', () => {
  it('draws devices and devices up across the width, scaled to the largest value', () => {
    const svg = historyChart([point(0, 4, 2, 10), point(10, 4, 4, 20)], 'up');
    expect(svg).toContain(
      '<polyline class="history-devices" fill="none" points="4.0,4.0 636.0,4.0">',
    );
    expect(svg).toContain('<polyline class="history-up" fill="none" points="4.0,60.0 636.0,4.0">');
    expect(historyChart([], 'clients')).toBe('');
  });

  it('names its scale and its times: the top and zero beside it, first, middle and last below', () => {
    const chart = historyChart([point(0, 4, 2, 10), point(120, 4, 4, 20)], 'clients');
    expect(chart).toContain(
      '<div class="history-y" aria-hidden="true"><span>20</span><span>0</span></div>',
    );
    expect(chart).toContain(
      '<div class="history-x" aria-hidden="true"><span>00:00 UTC</span><span>01:00 UTC</span>' +
        '<span>02:00 UTC</span></div>',
    );
    expect(chart).toContain('<line class="history-grid" x1="0" x2="640" y1="60.0" y2="60.0">');
  });

  it('says the latest values and the range in words', () => {
    expect(historySummary([point(0, 4, 2, 10), point(10, 4, 4, 20)])).toBe(
      'At 00:10 UTC (latest sample): 4 of 4 devices up, 20 clients; over the period 2 to 4 up, ' +
        '10 to 20 clients (2 samples).',
    );
    expect(historySummary([])).toBeNull();
  });
});
