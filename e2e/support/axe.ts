import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) in the page and returns the violations, each with the
 * selectors of the offending nodes. `include` limits the check to part of the page.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not a <script> tag: the portal's Content-Security-Policy
  // (script-src 'self') rightly blocks injected inline scripts.
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(context ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, include ?? null);
}
