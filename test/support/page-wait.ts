import type { Page } from 'playwright-core';

/** A script that resolves with the expression's value once it is truthy (checked every animation frame), or after `sliceMs`. */
export function watchScript(expression: string, sliceMs: number): string {
  return `new Promise((resolve, reject) => {
    const until = performance.now() + ${sliceMs};
    const check = () => {
      let value;
      try { value = (${expression}); } catch (error) { reject(error); return; }
      if (value || performance.now() > until) resolve(value);
      else requestAnimationFrame(check);
    };
    check();
  })`;
}

/**
 * Waits until a page expression is truthy and returns its value, checked every animation frame.
 * Not page.waitForFunction: that compiles its predicate with `new Function` inside the page, which
 * the app's Content-Security-Policy (no 'unsafe-eval') refuses. Here the expression is part of one
 * script evaluated through the debugger protocol, which the policy allows. A navigation (the app
 * reloads after a dropped socket) ends the evaluation; the wait starts again in the new document.
 */
export async function untilInPage<T = unknown>(page: Page, expression: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // One evaluation watches for at most a second, then the next starts: a document replaced meanwhile
    // (a reload that the debugger protocol did not report as the end of this evaluation) is left soon.
    const slice = Math.min(1_000, deadline - Date.now());
    if (slice <= 0) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    try {
      const value = await page.evaluate(watchScript(expression, slice));
      if (value) return value as T;
    } catch (error) {
      if (!/Execution context was destroyed|navigat/i.test((error as Error).message)) throw error;
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    }
  }
}
