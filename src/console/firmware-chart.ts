/** One bar of the firmware chart: a version (or "Not reported"), its device count, its list. */
export interface ChartBar {
  label: string;
  count: number;
  href: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const WIDTH = 640;
const LABEL_WIDTH = 150;
const COUNT_WIDTH = 60;
const ROW = 30;
const BAR = 20;

/**
 * The firmware-version distribution as a server-rendered SVG (issue 13): one horizontal bar per
 * version, its length proportional to the device count, each bar a link to the filtered device
 * list. The figure is decorative for assistive technology (aria-hidden): the page shows the same
 * numbers as a list of links beside it.
 */
export function firmwareChart(bars: ChartBar[]): string {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const span = WIDTH - LABEL_WIDTH - COUNT_WIDTH;
  const height = Math.max(ROW, bars.length * ROW);
  const rows = bars.map((bar, index) => {
    const y = index * ROW;
    const length = Math.max(2, Math.round((bar.count / max) * span));
    return (
      `<a href="${escapeXml(bar.href)}" tabindex="-1">` +
      `<text x="${LABEL_WIDTH - 8}" y="${y + 19}" text-anchor="end">${escapeXml(bar.label)}</text>` +
      `<rect x="${LABEL_WIDTH}" y="${y + 5}" width="${length}" height="${BAR}" rx="3"></rect>` +
      `<text x="${LABEL_WIDTH + length + 6}" y="${y + 19}">${bar.count}</text>` +
      '</a>'
    );
  });
  return (
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" ` +
    `width="100%" preserveAspectRatio="xMinYMin meet" aria-hidden="true" focusable="false">` +
    `${rows.join('')}</svg>`
  );
}
