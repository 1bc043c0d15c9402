import type { Request, Response } from 'express';
import type { ShowSettings } from '../../events';
import type { LiveStateService } from '../engine/live-state';

/** A comment line every so often keeps proxies from closing a quiet stream and finds dead ones. */
export const FEED_HEARTBEAT_MS = 30_000;
/** A listener this far behind is dropped; its browser reconnects and gets the settings afresh. */
const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * GET /api/show-settings/stream: the settings as Server-Sent Events, for every page, logged in or
 * not (visitors have no socket: `sa` needs a login). Each listener gets the settings at once and then
 * after every change, as `event: settings` with the whole object as JSON (docs/protocol.md). No
 * polling: the live state announces each change; EventSource reconnects by itself after a drop.
 */
export class ShowSettingsFeed {
  private readonly listeners = new Set<Response>();
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
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  open(request: Request, response: Response): void {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no'); // nginx would otherwise hold the events back
    response.flushHeaders();
    response.write(`retry: 3000\n${settingsFrame(this.live.state.showSettings)}`);
    this.listeners.add(response);
    request.on('close', () => this.listeners.delete(response));
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
