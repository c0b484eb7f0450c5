// axe-core in the browser tests (R-A11Y-1): scan a page as it stands, keep what is serious or critical, and the waits
// that make a scan see the screen a person sees (data loaded, transitions over). axe-core is a dev dependency: its
// source is put into the page under test, once per document, and is never part of the SPA's build.
// Not @axe-core/playwright: it works with playwright-core, but each of its scans injects axe again and finishes in a
// new blank page, 0.4–2.6 s a scan against 0.1–0.2 s here, and the walk makes about 80 scans.
import axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface Finding {
  rule: string;
  impact: string;
  /** How many elements break the rule. */
  nodes: number;
  /** The first offenders' selectors and axe's summary, for the failure message. */
  where: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until the screen stands still: no progress indicator shown and no finite animation or transition running (a
 * fading dialog would give axe half-transparent colours). At most `timeout`: a screen that keeps a spinner is scanned
 * as it is.
 */
export async function settle(page: Page, timeout = 10_000) {
  await page
    .waitForFunction(
      () => {
        // a progress indicator behind an open dialog (hidden from assistive technology) is what the dialog waits for
        const busy = [...document.querySelectorAll('[role="progressbar"]')].some((el) => (el as HTMLElement).offsetParent !== null && !el.closest('[aria-hidden="true"]'));
        const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        return !busy && !moving;
      },
      undefined,
      { timeout, polling: 100 },
    )
    .catch(() => undefined);
}

/** The serious and critical findings of axe's default rules (WCAG 2.x A and AA, best practices) on the page as it is. */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // only the violations are kept by axe (the passes are most of its work otherwise)
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResults>);
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      where: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`),
    }));
}

/** What has the keyboard focus, as 'tag name' ('button Agregar al Carro', 'h1 Home'): 'BODY' when nobody has it. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 60);
    return `${el.tagName.toLowerCase()} ${name}`;
  });
