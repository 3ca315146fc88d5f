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

/** Each bar takes two lines: the label above, the bar and its count below. */
const ROW = 46;
const BAR = 16;
/** The longest bar, in percent of the chart's width; the count is written after it. */
const SPAN = 82;

/**
 * The firmware-version distribution as a server-rendered SVG: one horizontal bar per
 * version under its label, its length proportional to the device count, each bar a link to the
 * filtered device list. The SVG has no viewBox: lengths across are percentages of its width and
 * text keeps its size, so labels read as well on a phone as on a desktop . The
 * figure is decorative for assistive technology (aria-hidden): the page shows the same numbers
 * as a list of links beside it.
 */
export function firmwareChart(bars: ChartBar[]): string {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const height = Math.max(ROW, bars.length * ROW);
  const rows = bars.map((bar, index) => {
    const y = index * ROW;
    const length = Math.max(0.5, Math.round((bar.count / max) * SPAN * 10) / 10);
    return (
      `<a href="${escapeXml(bar.href)}" tabindex="-1">` +
      `<text x="0" y="${y + 15}">${escapeXml(bar.label)}</text>` +
      `<rect x="0" y="${y + 21}" width="${length}%" height="${BAR}" rx="3"></rect>` +
      `<text x="${length + 1.5}%" y="${y + 34}">${bar.count}</text>` +
      '</a>'
    );
  });
  return (
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="100%" height="${height}" ` +
    `aria-hidden="true" focusable="false">${rows.join('')}</svg>`
  );
}
