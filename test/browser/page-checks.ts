import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's chromium (.ci/install-chromium.sh installs it in CI). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let launched: Promise<Browser> | undefined;

/**
 * The one Chromium of this test file (test/browser/browser.e2e-spec.ts closes it after the last
 * topic): a launch costs about a second of CPU. Every page a test opens with `newPage()` or
 * `newContext()` has a browser context of its own, so no cookie or storage passes between tests.
 */
export function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return launched;
}

export async function closeSharedBrowser(): Promise<void> {
  const browser = launched;
  launched = undefined;
  await (await browser)?.close();
}

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/** axe-core, evaluated in the page (through the DevTools protocol, so the page's CSP allows it). */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Screenshots of every page at both widths, for review (gitignored). */
const SCREENSHOTS = join(__dirname, '..', '..', 'test-output', 'console');
export const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 740 },
};

/** axe-core finds no serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect({ name, violations }).toEqual({ name, violations: [] });
}

/**
 * A screenshot of the page at desktop and phone width into test-output/console/; nothing
 * overflows the phone, and axe-core reports no serious or critical violation.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect({ name, overflow }).toEqual({ name, overflow: 0 });
  await page.setViewportSize(WIDTHS.desktop);
}

/** Signs `user` in through the sign-in form of the app at `base`, landing on the overview. */
export async function signInAs(
  page: Page,
  base: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/overview`);
}
