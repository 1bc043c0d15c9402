import type { Request, Response } from 'express';
import type { ShowSettings } from '../../events';
import type { LiveStateService } from '../engine/live-state';

/** A comment line every so often keeps proxies from closing a quiet stream and finds dead ones. */
export const FEED_HEARTBEAT_MS = 30_000;
/** A listener this far behind is dropped; its browser reconnects and gets the settings afresh. */
const MAX_UNSENT_BYTES = 256 * 1024;
/**
 * Open streams per address and in all (docs/decisions/hostile-crowd-limits.md): every open page holds
 * one, so a venue's guests behind one address with a tab or two each stay below 100; 10,000 is twice
 * the pages of a full night (5,000 players), at a few KB of memory each.
 */
export const FEED_LIMITS = { perAddress: 100, total: 10_000 } as const;
export const FEED_FULL_TEXT = 'Zu viele offene Verbindungen. Bitte versuche es später noch einmal.';

/**
 * GET /api/show-settings/stream: the settings as Server-Sent Events, for every page, logged in or
 * not (visitors have no socket: `sa` needs a login). Each listener gets the settings at once and then
 * after every change, as `event: settings` with the whole object as JSON (docs/protocol.md). No
 * polling: the live state announces each change; EventSource reconnects by itself after a drop.
 */
export class ShowSettingsFeed {
  private readonly listeners = new Set<Response>();
  private readonly perAddress = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly live: LiveStateService) {}

  start(): void {
    this.unsubscribe = this.live.onChange((state, previous) => {
      if (state.showSettings !== previous.showSettings) this.broadcast(settingsFrame(state.showSettings));
    });
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), FEED_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends every stream: an open one would keep the HTTP server from closing. */
  stop(): void {
    this.unsubscribe?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const response of this.listeners) response.end();
    this.listeners.clear();
    this.perAddress.clear();
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** `address`: the client's (clientAddress); beyond the caps the answer is 429 and no stream. */
  open(request: Request, response: Response, address: string): void {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= FEED_LIMITS.perAddress || this.listeners.size >= FEED_LIMITS.total) {
      response.status(429).json({ errors: [{ status: '429', detail: FEED_FULL_TEXT }] });
      return;
    }
    this.perAddress.set(address, open + 1);
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no'); // nginx would otherwise hold the events back
    response.flushHeaders();
    response.write(`retry: 3000\n${settingsFrame(this.live.state.showSettings)}`);
    this.listeners.add(response);
    let closed = false;
    request.on('close', () => {
      if (closed) return;
      closed = true;
      this.listeners.delete(response);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
  }

  private broadcast(frame: string): void {
    for (const response of this.listeners) {
      if (response.writableLength > MAX_UNSENT_BYTES) {
        this.listeners.delete(response);
        response.destroy();
      } else {
        response.write(frame);
      }
    }
  }
}

export function settingsFrame(settings: ShowSettings): string {
  return `event: settings\ndata: ${JSON.stringify(settings)}\n\n`;
}
