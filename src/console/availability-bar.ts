/** An interval of a device's availability, as GET /v1/access_points/availability answers it. */
export interface BarInterval {
  state: string;
  from: string;
  to: string;
}

const WIDTH = 1000;
const HEIGHT = 14;

/**
 * A device's availability over a window as a server-rendered SVG bar: one rectangle
 * per interval, its width its share of the window, coloured by state (`avail-up`, `avail-down`,
 * `avail-unknown` in app.css). Decorative for assistive technology: the page states the uptime
 * and the DOWN time in words beside it.
 */
export function availabilityBar(intervals: BarInterval[]): string {
  const start = intervals.length > 0 ? Date.parse(intervals[0].from) : 0;
  const end = intervals.length > 0 ? Date.parse(intervals.at(-1)!.to) : 1;
  const span = Math.max(1, end - start);
  const rects = intervals.map((interval) => {
    const x = ((Date.parse(interval.from) - start) / span) * WIDTH;
    const width = ((Date.parse(interval.to) - Date.parse(interval.from)) / span) * WIDTH;
    const state = interval.state.toLowerCase();
    return `<rect class="avail-${state}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="${HEIGHT}"></rect>`;
  });
  return (
    `<svg class="availability" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `width="100%" preserveAspectRatio="none" aria-hidden="true" focusable="false">` +
    `${rects.join('')}</svg>`
  );
}

/** How long the device was DOWN over the intervals, in words ("none", "3 min", "2 h 5 min"). */
export function downTime(intervals: BarInterval[]): string {
  const ms = intervals
    .filter((interval) => interval.state === 'DOWN')
    .reduce((sum, interval) => sum + Date.parse(interval.to) - Date.parse(interval.from), 0);
  const minutes = Math.round(ms / 60000);
  if (minutes === 0) {
    return ms > 0 ? 'under a minute' : 'none';
  }
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
