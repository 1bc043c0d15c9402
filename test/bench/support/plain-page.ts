/**
 * A Chromium page the bench drives over the DevTools protocol itself, without Playwright, for the
 * screens' load figures. Playwright enables the protocol's Network domain on every page it attaches
 * to, and Chromium then copies every WebSocket frame it receives into a protocol event, on the page's
 * main thread and inside the task that receives the frame: with a 2 MB snapshot (1,000 teams, every
 * role) that task took about 100 ms more than the same page spends without the copy (measured side
 * by side, docs/benchmarks.md "The harness's own share"). No player's or operator's browser has
 * a debugger attached, so the load is measured here with only the Page, Runtime and Performance
 * domains; the interactions stay with Playwright (their pushes are small).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, LAPTOP } from '../../browser/support/browser';
import { watchScript } from '../../support/page-wait';

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

export class PlainPage {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly waitingFor = new Map<string, Array<(params: Record<string, unknown>) => void>>();

  private constructor(
    private readonly chromium: ChildProcess,
    private readonly socket: WebSocket,
    private readonly profileDir: string,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
        error?: { message: string };
      };
      if (message.method) {
        const listeners = this.waitingFor.get(message.method) ?? [];
        this.waitingFor.delete(message.method);
        for (const listener of listeners) listener(message.params ?? {});
        return;
      }
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
    });
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the page closed'));
      this.pending.clear();
    });
  }

  /** A fresh profile in a headless Chromium of the laptop's size, its first page attached. */
  static async launch(viewport = LAPTOP): Promise<PlainPage> {
    const profileDir = await mkdtemp(path.join(tmpdir(), 'quiz-plain-page-'));
    const chromium = spawn(
      '/usr/bin/chromium',
      [
        ...CHROMIUM_ARGS,
        '--headless',
        '--remote-debugging-port=0',
        `--user-data-dir=${profileDir}`,
        `--window-size=${viewport.width},${viewport.height}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    const port = await devToolsPort(profileDir);
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
      type: string;
      webSocketDebuggerUrl: string;
    }>;
    const target = targets.find((t) => t.type === 'page');
    if (!target) throw new Error('Chromium opened no page');
    const socket = new WebSocket(target.webSocketDebuggerUrl, {
      perMessageDeflate: false,
      maxPayload: 256 * 1024 * 1024,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const page = new PlainPage(chromium, socket, profileDir);
    await page.send('Page.enable');
    await page.send('Emulation.setDeviceMetricsOverride', {
      width: viewport.width,
      height: viewport.height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    return page;
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The next event of this name (e.g. `Tracing.tracingComplete`). */
  once(method: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => this.waitingFor.set(method, [...(this.waitingFor.get(method) ?? []), resolve]));
  }

  /** Runs in every document from its start, before the page's own scripts. */
  async addInitScript(source: string): Promise<void> {
    await this.send('Page.addScriptToEvaluateOnNewDocument', { source });
  }

  async goto(url: string): Promise<void> {
    const result = await this.send('Page.navigate', { url });
    if (typeof result.errorText === 'string') throw new Error(`${url}: ${result.errorText}`);
  }

  /** An expression's value (promises awaited), as JSON. */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const result = (await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
      result?: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (result.exceptionDetails)
      throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
    return result.result?.value as T;
  }

  /**
   * Waits until the expression is truthy (checked every animation frame) and returns its value; a
   * document replaced meanwhile (a navigation) is waited for again, as untilInPage (test/support/page-wait.ts) does.
   */
  async until<T = unknown>(expression: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const slice = Math.min(1_000, deadline - Date.now());
      if (slice <= 0) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
      const value = await this.evaluate<T>(watchScript(expression, slice)).catch((error: Error) => {
        if (/context|navigat|Cannot find/i.test(error.message)) return undefined;
        throw error;
      });
      if (value) return value;
    }
  }

  /** The JavaScript heap in use after a full garbage collection, in MB. */
  async heapMb(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    await this.send('Performance.enable');
    const { metrics } = (await this.send('Performance.getMetrics')) as {
      metrics: Array<{ name: string; value: number }>;
    };
    return Math.round(((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1e6) * 10) / 10;
  }

  async close(): Promise<void> {
    this.socket.close();
    if (this.chromium.exitCode === null) {
      const exited = new Promise((resolve) => this.chromium.once('exit', resolve));
      this.chromium.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes may still write into the profile for a moment after it exited.
    await rm(this.profileDir, { recursive: true, force: true, maxRetries: 10 });
  }
}

/** The port Chromium chose for --remote-debugging-port=0: the first line of DevToolsActivePort in its profile. */
async function devToolsPort(profileDir: string, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(path.join(profileDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(text.split('\n')[0]);
    if (port > 0) return port;
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
