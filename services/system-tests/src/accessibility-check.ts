import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Moderate rules held as strictly as serious ones: every screen has a level-1 heading (its title, or the
 * creator's name in a chat) and its headings go down one level at a time.
 */
const ENFORCED_MODERATE_RULES = new Set(['page-has-heading-one', 'heading-order']);

/**
 * Runs axe-core (every rule it has, WCAG 2.x A/AA and best practices) on what `page` shows now and
 * fails listing each serious or critical violation, and each of ENFORCED_MODERATE_RULES: its rule, the
 * element and what to do. Other minor and moderate findings are left to review. `label` names the screen.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter(
    (found) =>
      found.impact === 'serious' || found.impact === 'critical' || ENFORCED_MODERATE_RULES.has(found.id),
  );
  const lines = serious.flatMap((found) =>
    found.nodes.map(
      (node) =>
        `  [${found.impact}] ${found.id} at ${node.target.join(' ')}: ${found.help}` +
        (node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ').trim()})` : ''),
    ),
  );
  if (lines.length > 0)
    throw new Error(`${label}: ${lines.length} serious accessibility violation(s)\n${lines.join('\n')}`);
}

/** What has the keyboard focus: its accessible name (label, aria-label or text) and whether it shows a focus ring. */
export interface FocusedElement {
  tag: string;
  name: string;
  /** An outline or a primary-coloured ring on the element, or (for a frameless text box) on its frame. */
  ringVisible: boolean;
  /** Inside an open dialog. */
  inDialog: boolean;
}

/**
 * Runs in the page (a script, as this project has no DOM types): the focused element, or null when
 * nothing is. Two frames first, so a focus style that starts a transition is measured as drawn. The
 * app's focus styles are an outline, or a ring drawn as a box-shadow in the primary colour (a shadow
 * of any other colour is decoration). Focus on a part the browser draws inside a control (a date
 * field's calendar button) is not on the element itself (:focus is false there) and has the
 * browser's own ring; a frameless text box draws the ring on its frame (:focus-within).
 */
const FOCUSED_ELEMENT_SCRIPT = `(async () => {
  for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const name = (
    element.getAttribute('aria-label') ??
    element.labels?.[0]?.innerText ??
    (element.innerText || element.value || '')
  ).trim();
  const ring = (target) => {
    const style = getComputedStyle(target);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return outline || style.boxShadow.includes('rgb(109, 40, 217)');
  };
  let ringVisible = !element.matches(':focus') || ring(element);
  for (let frame = element.parentElement, up = 0; !ringVisible && frame && up < 3; up += 1) {
    ringVisible = frame.matches(':focus-within') && ring(frame);
    frame = frame.parentElement;
  }
  return {
    tag: element.tagName.toLowerCase(),
    name,
    ringVisible,
    inDialog: element.closest('[role="dialog"], [role="alertdialog"]') !== null,
  };
})()`;

/** The focused element, as a keyboard user sees it. */
export function focusedElement(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(FOCUSED_ELEMENT_SCRIPT) as Promise<FocusedElement | null>;
}
