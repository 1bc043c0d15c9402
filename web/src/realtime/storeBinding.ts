/**
 * Connects the realtime client to the Redux store: the live slice holds the views (the client hands
 * it snapshots and pushes and reads the global view back), socket notices go to the ui slice.
 */
import type { AppStore } from '../store';
import { liveActions } from '../store/liveSlice';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import type { LiveViewsHolder, RealtimeOptions } from './client';

export function storeAsViewsHolder(store: Pick<AppStore, 'dispatch' | 'getState'>): LiveViewsHolder {
  return {
    loadSnapshot: (snapshot) => store.dispatch(liveActions.snapshotLoaded(snapshot)),
    applyPush: (push) => {
      store.dispatch(liveActions.pushReceived(push));
      return !store.getState().live.stale;
    },
    global: () => store.getState().live.views.global,
  };
}

/** The client's options that bind it to the store. */
export function bindToStore(
  store: Pick<AppStore, 'dispatch' | 'getState'>,
): Pick<RealtimeOptions, 'views' | 'onEvent'> {
  return {
    views: storeAsViewsHolder(store),
    onEvent: (event) => {
      switch (event.kind) {
        case 'status':
          store.dispatch(liveActions.statusChanged(event.status));
          break;
        case 'notice':
          store.dispatch(uiActions.noticeAdded(t.socket[event.code], 'error'));
          break;
        case 'resending':
          store.dispatch(uiActions.noticeAdded(event.waitMs === null ? t.socket.resending : t.socket.queued, 'info'));
          break;
      }
    },
  };
}
