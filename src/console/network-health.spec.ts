import { networkHealthLines } from './network-health';

const networks = [
  { id: 1, network_name: 'Annex' },
  { id: 2, network_name: 'Lobby' },
  { id: 3, network_name: 'Roof' },
  { id: 4, network_name: 'Cellar' },
];

describe('networkHealthLines', () => {
  const counts = new Map([
    [1, { up: 4, down: 0, never_seen: 0 }],
    [2, { up: 3, down: 2, never_seen: 1 }],
    [3, { up: 1, down: 1, never_seen: 1 }],
  ]);

  it('puts first the networks with devices down, then open alerts, then never seen, then by name', () => {
    const lines = networkHealthLines(networks, counts, new Map([[1, 2]]));
    expect(lines.map((line) => [line.name, line.text])).toEqual([
      ['Lobby', '3 of 5 up · 1 down · 1 never seen'],
      ['Annex', '4 of 4 up · 2 open alerts'],
      ['Roof', '1 of 2 up · 1 never seen'],
      ['Cellar', '0 of 0 up'],
    ]);
    expect(lines.map((line) => line.upPercent)).toEqual([60, 100, 50, 0]);
  });

  it('keeps at most the limit, the ones that need a look', () => {
    const lines = networkHealthLines(networks, counts, new Map([[3, 1]]), 2);
    expect(lines.map((line) => [line.name, line.text])).toEqual([
      ['Lobby', '3 of 5 up · 1 down · 1 never seen'],
      ['Roof', '1 of 2 up · 1 never seen · 1 open alert'],
    ]);
  });
});
