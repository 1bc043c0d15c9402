/**
 * The stream overlay page's connection: the app's realtime client (its transport, versions, gap
 * detection), authenticated with the overlay link's token (`sa {overlay}`), reconnecting with backoff
 * after a drop or a server restart and never reloading; its views held here, not in the app's store.
 * A refused token (revoked, unknown) ends it: the page then shows nothing.
 */
import type { OverlayView } from '@live/views/overlay-view';
import type { StatePush } from '@wire/replies';
import { browserSocket, socketUrl } from '../realtime/browserSocket';
import { RealtimeClient, type LiveViewsHolder } from '../realtime/client';
import { applyPatch, type JsonValue } from '../realtime/patch';

export interface OverlayState {
  view: OverlayView | null;
  /** Add to the local clock to get the server's (the countdown). */
  serverOffsetMs: number;
  /** The link was refused or revoked: nothing is shown any more. */
  ended: boolean;
}

/** The overlay's one view, for React (useSyncExternalStore) and for the realtime client (its views holder). */
export class OverlayHolder implements LiveViewsHolder {
  private state: OverlayState = { view: null, serverOffsetMs: 0, ended: false };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = (): OverlayState => this.state;

  private set(state: OverlayState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  loadSnapshot({ views, serverOffsetMs }: { views: { overlay: OverlayView | null }; serverOffsetMs: number }): void {
    if (!this.state.ended) this.set({ view: views.overlay, serverOffsetMs, ended: false });
  }

  applyPush(push: StatePush): boolean {
    if (push.scope !== 'overlay' || this.state.ended) return true;
    if ('value' in push) {
      this.set({ ...this.state, view: (push.value as OverlayView | null) ?? null });
      return true;
    }
    try {
      this.set({
        ...this.state,
        view: applyPatch(this.state.view as unknown as JsonValue, push.patch) as unknown as OverlayView,
      });
      return true;
    } catch {
      return false; // the client asks for a fresh snapshot
    }
  }

  global(): null {
    return null;
  }

  end(): void {
    this.set({ view: null, serverOffsetMs: this.state.serverOffsetMs, ended: true });
  }
}

/** Connects the page with its token; the holder receives the view. */
export function connectOverlay(token: string, holder: OverlayHolder): RealtimeClient {
  const client = new RealtimeClient({
    url: socketUrl(),
    createSocket: browserSocket,
    getToken: () => token,
    authContent: (overlay) => ({ overlay }),
    reconnect: 'backoff',
    views: holder,
    onEvent: (event) => {
      if (event.kind === 'notice' && event.code === 'authFailed') {
        holder.end();
        client.stop();
      }
    },
  });
  client.start();
  return client;
}
