/**
 * The show settings of the page: read at start and kept current by the server's stream
 * (Server-Sent Events, GET /api/show-settings/stream) on every page, logged in or not. No polling:
 * EventSource reconnects by itself after a drop and gets the current settings first.
 */
import type { ShowSettings } from '../../events';
import { getShowSettings, SHOW_SETTINGS_STREAM } from './api/showSettings';
import { browserStorage } from './browserStorage';
import { applyLook } from './look';
import { store } from './store';
import { showSettingsActions } from './store/showSettingsSlice';

const POPUP_DISMISSED_KEY = 'newsletterPopupDismissed';

const tabStorage = () => browserStorage('sessionStorage');

function received(settings: ShowSettings): void {
  // The admin turned the popup off: the next time it is turned on, it opens again.
  if (!settings.newsletterPopup) tabStorage()?.removeItem(POPUP_DISMISSED_KEY);
  store.dispatch(showSettingsActions.received(settings));
  applyLook(settings);
}

let source: EventSource | null = null;

export function startShowSettings(): void {
  if (source) return;
  if (tabStorage()?.getItem(POPUP_DISMISSED_KEY)) store.dispatch(showSettingsActions.newsletterPopupDismissed(true));
  if (typeof EventSource === 'undefined') {
    void getShowSettings().then(received, () => undefined);
    return;
  }
  const stream = new EventSource(SHOW_SETTINGS_STREAM);
  source = stream;
  // A drop is retried by EventSource itself; a refusal (no stream at all) is final: read them once instead.
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED) void getShowSettings().then(received, () => undefined);
  };
  stream.addEventListener('settings', (event) => {
    try {
      received(JSON.parse((event as MessageEvent<string>).data) as ShowSettings);
    } catch {
      /* a frame that is no settings: the next one is */
    }
  });
}

/** The player closed the newsletter popup: not again in this tab (reloads included) while the admin leaves it on. */
export function rememberNewsletterPopupDismissed(): void {
  tabStorage()?.setItem(POPUP_DISMISSED_KEY, '1');
}
