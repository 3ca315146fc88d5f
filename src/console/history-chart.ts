/** One fleet history sample, as GET /v1/fleet_history answers it. */
export interface HistoryPoint {
  at: string;
  devices: number;
  up: number;
  clients: number;
}

const WIDTH = 640;
const HEIGHT = 120;
const PAD = 4;

/** An instant as the chart's axis and words name it: hours and minutes in UTC. */
const clock = (ms: number): string => `${new Date(ms).toISOString().slice(11, 16)} UTC`;

/**
 * A series of the fleet history as a server-rendered line chart: devices (a grey line) and
 * devices UP (`history-up`), or clients (`history-clients`), over the samples' times, with its
 * axes: the scale's top and zero beside it, the first, middle and last sample times below it.
 * Decorative for assistive technology: the page states the latest values and the range in words.
 */
export function historyChart(points: HistoryPoint[], series: 'up' | 'clients'): string {
  if (points.length === 0) {
    return '';
  }
  const times = points.map((p) => Date.parse(p.at));
  const first = times[0];
  const span = Math.max(1, times.at(-1)! - first);
  const values = (pick: (p: HistoryPoint) => number) => points.map(pick);
  const lines =
    series === 'up'
      ? [
          { cls: 'history-devices', ys: values((p) => p.devices) },
          { cls: 'history-up', ys: values((p) => p.up) },
        ]
      : [{ cls: 'history-clients', ys: values((p) => p.clients) }];
  const max = Math.max(1, ...lines.flatMap((line) => line.ys));
  const x = (k: number) => PAD + ((times[k] - first) / span) * (WIDTH - 2 * PAD);
  const y = (value: number) => HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD);
  const grid = [max, max / 2, 0].map(
    (value) =>
      `<line class="history-grid" x1="0" x2="${WIDTH}" y1="${y(value).toFixed(1)}" ` +
      `y2="${y(value).toFixed(1)}"></line>`,
  );
  const polylines = lines.map(
    (line) =>
      `<polyline class="${line.cls}" fill="none" points="${line.ys
        .map((value, k) => `${x(k).toFixed(1)},${y(value).toFixed(1)}`)
        .join(' ')}"></polyline>`,
  );
  const svg =
    `<svg class="history" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `width="100%" preserveAspectRatio="none" aria-hidden="true" focusable="false">` +
    `${grid.join('')}${polylines.join('')}</svg>`;
  const ticks = [first, first + span / 2, first + span].map((ms) => `<span>${clock(ms)}</span>`);
  return (
    `<div class="history-chart">` +
    `<div class="history-y" aria-hidden="true"><span>${max}</span><span>0</span></div>${svg}` +
    `<div class="history-x" aria-hidden="true">${ticks.join('')}</div></div>`
  );
}

/**
 * The words beside a chart: the latest sample, named by its time (the panels above it count
 * live, the chart every sampling interval), and the range over the series.
 */
export function historySummary(points: HistoryPoint[]): string | null {
  const last = points.at(-1);
  if (!last) {
    return null;
  }
  const ups = points.map((p) => p.up);
  const clients = points.map((p) => p.clients);
  return (
    `At ${clock(Date.parse(last.at))} (latest sample): ${last.up} of ${last.devices} devices ` +
    `up, ${last.clients} clients; over the period ` +
    `${Math.min(...ups)} to ${Math.max(...ups)} up, ${Math.min(...clients)} to ` +
    `${Math.max(...clients)} clients (${points.length} sample${points.length === 1 ? '' : 's'}).`
  );
}
