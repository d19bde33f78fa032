import { createRequire } from 'node:module';
import { expect, type Page, type TestInfo } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** The WCAG 2.2 AA rule set (axe tags); best-practice rules are left out, the issue asks for AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now and returns its serious and critical violations. */
export async function blockingViolations(page: Page): Promise<AxeViolation[]> {
  // A navigation drops the injected script; inject once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  // A menu or dialog still fading in has a see-through text colour: measure contrast once it has settled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
  return violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Readable lines for a failure message: rule, impact, help and the first few elements. */
function describe(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${JSON.stringify(n.target)}`).join('\n')}`)
    .join('\n');
}

/**
 * Checks one screen or dialog: no serious or critical violation. Soft, so one run reports every screen;
 * the per-screen count is attached to the report (how the before/after figures are read).
 */
export async function expectAccessible(page: Page, screen: string, info: TestInfo): Promise<void> {
  const violations = await blockingViolations(page);
  const count = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  info.annotations.push({ type: 'axe', description: `${info.project.name} ${screen}: ${count} (${violations.map((v) => v.id).join(', ') || 'none'})` });
  expect.soft(violations, `${screen}\n${describe(violations)}`).toEqual([]);
}
