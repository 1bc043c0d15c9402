import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Resolves in the page when every running animation that ends has ended (a cancelled one counts as ended). */
const FINITE_ANIMATIONS_ENDED = `Promise.all(document.getAnimations()
  .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
  .map((animation) => animation.finished.catch(() => undefined)))`;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The WCAG 2.x A and AA rules of axe-core, run on the page at rest (the page's CSP does not apply to
 * what the test evaluates). Resolves to the violations, each as "rule: help (selectors)". Animations that
 * end are waited for first: text fading in is half transparent for a moment, and a scan during the fade
 * measured its contrast against what shines through (the overlay's panels, once in some runs).
 */
export async function wcagViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(FINITE_ANIMATIONS_ENDED);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: string, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(context ?? 'html', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  }, within ?? null);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
