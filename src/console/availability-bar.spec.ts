import { availabilityBar, downTime } from './availability-bar';

const interval = (state: string, from: number, to: number) => ({
  state,
  from: new Date(from * 60000).toISOString(),
  to: new Date(to * 60000).toISOString(),
});

describe('availabilityBar', () => {
  it('draws one rectangle per interval, its width its share of the window', () => {
    const svg = availabilityBar([
      interval('UNKNOWN', 0, 25),
      interval('UP', 25, 75),
      interval('DOWN', 75, 100),
    ]);
    expect(svg).toContain('<rect class="avail-unknown" x="0.00" y="0" width="250.00"');
    expect(svg).toContain('<rect class="avail-up" x="250.00" y="0" width="500.00"');
    expect(svg).toContain('<rect class="avail-down" x="750.00" y="0" width="250.00"');
  });

  it('says how long the device was down', () => {
    expect(downTime([interval('UP', 0, 10)])).toBe('none');
    expect(downTime([interval('DOWN', 0, 125), interval('DOWN', 200, 205)])).toBe('2 h 10 min');
  });
});
