/** Feeds the realtime client's events into the Redux store (live slice; socket notices into the ui slice). */
import type { AppDispatch } from '../store';
import { liveActions } from '../store/liveSlice';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import type { RealtimeEvent } from './client';

export function bindToStore(dispatch: AppDispatch): (event: RealtimeEvent) => void {
  return (event) => {
    switch (event.kind) {
      case 'snapshot':
        dispatch(liveActions.snapshotLoaded(event));
        break;
      case 'view':
        dispatch(liveActions.viewChanged(event));
        break;
      case 'status':
        dispatch(liveActions.statusChanged(event.status));
        break;
      case 'notice':
        dispatch(uiActions.noticeAdded(t.socket[event.code], 'error'));
        break;
    }
  };
}
