import type { Page } from 'playwright-core';

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
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    try {
      return (await page.evaluate(`new Promise((resolve, reject) => {
        const until = performance.now() + ${left};
        const check = () => {
          let value;
          try { value = (${expression}); } catch (error) { reject(error); return; }
          if (value) resolve(value);
          else if (performance.now() > until) reject(new Error('page-wait timeout'));
          else requestAnimationFrame(check);
        };
        check();
      })`)) as T;
    } catch (error) {
      const message = (error as Error).message;
      if (/page-wait timeout/.test(message)) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
      if (!/Execution context was destroyed|navigat/i.test(message)) throw error;
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    }
  }
}
