/** Browser glue of the realtime client: the real WebSocket, page visibility, reload, and the store. */
import { store } from '../store';
import { t } from '../texts';
import { browserSocket, socketUrl } from './browserSocket';
import { RealtimeClient, RealtimeError, type CommandReply } from './client';
import { scopesOfPath } from './screenScopes';
import { bindToStore } from './storeBinding';
import type { ContentOf } from '@wire/command-contents';

let onAuthFailed: () => void = () => undefined;
let onTokenRenewed: (token: string) => void = () => undefined;

/** What the session does with the renewed token `sa` answered with (docs/protocol.md, "Token renewal"). */
export function whenSocketRenewsToken(handler: (token: string) => void): void {
  onTokenRenewed = handler;
}

/** What the session does when the server refuses the token (revoked by a password change, a block or a logout everywhere). */
export function whenAuthFails(handler: () => void): void {
  onAuthFailed = handler;
}

/** Resolves in the page's next task (MessageChannel: not throttled in a hidden tab, unlike a timer). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function createBrowserClient(): RealtimeClient {
  let lastHiddenAt: number | null = null;
  const binding = bindToStore(store);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') lastHiddenAt = Date.now();
  });
  return new RealtimeClient({
    url: socketUrl(),
    createSocket: browserSocket,
    getToken: () => store.getState().session.token,
    lastHiddenAt: () => lastHiddenAt,
    reload: () => window.location.reload(),
    views: binding.views,
    scopes: () => scopesOfPath(window.location.pathname),
    yieldToRender: nextTask,
    onEvent: (event) => {
      binding.onEvent(event);
      if (event.kind === 'notice' && event.code === 'authFailed') onAuthFailed();
      if (event.kind === 'tokenRenewed') onTokenRenewed(event.token);
    },
  });
}

let client: RealtimeClient | null = null;

/** The one realtime client of the page, created on first use. */
export const realtime = {
  start(): void {
    client ??= createBrowserClient();
    client.start();
  },
  stop(): void {
    client?.stop();
  },
  /** The app moved to another screen (its views: screenScopes.ts). */
  screenChanged(): void {
    client?.screenChanged();
  },
  request<Code extends string>(type: Code, content: object = {}): Promise<CommandReply<Code>> {
    client ??= createBrowserClient();
    return client.request(type, content);
  },
};

/**
 * Sends a command; transport problems come back as a failed reply carrying the spec's socket message.
 * The content is checked against the code's fields (wire/command-contents.ts, generated from the tables).
 */
export async function command<Code extends string>(type: Code, content?: ContentOf<Code>): Promise<CommandReply<Code>> {
  try {
    return await realtime.request(type, content ?? {});
  } catch (error) {
    if (error instanceof RealtimeError) return { success: false, message: t.socket[error.code] };
    return { success: false, message: t.question.sendFailed };
  }
}
