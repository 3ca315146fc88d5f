import { misnamedGauges } from './metric-names';

describe('the metrics /metrics leaves out', () => {
  it('names the gauges ending in _total, and no counter', () => {
    expect(
      misnamedGauges([
        { name: 'nodejs_active_handles', type: 'gauge' },
        { name: 'nodejs_active_handles_total', type: 'gauge' },
        { name: 'nodejs_heap_size_total_bytes', type: 'gauge' },
        { name: 'http_requests_total', type: 'counter' },
        { name: 'process_cpu_seconds_total', type: 'counter' },
      ]),
    ).toEqual(['nodejs_active_handles_total']);
  });
});
