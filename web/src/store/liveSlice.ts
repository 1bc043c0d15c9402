import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionStatus } from '../realtime/client';
import { EMPTY_VIEWS, type Scope, type Views } from '../realtime/views';

export interface LiveSliceState {
  views: Views;
  versions: Partial<Record<Scope, number>>;
  /** True once the first `sg` snapshot arrived. */
  loaded: boolean;
  /** Add to the local clock to get the server clock. */
  serverOffsetMs: number;
  status: ConnectionStatus;
}

const initialState: LiveSliceState = { views: EMPTY_VIEWS, versions: {}, loaded: false, serverOffsetMs: 0, status: 'idle' };

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    snapshotLoaded(state, action: PayloadAction<{ views: Views; versions: Partial<Record<Scope, number>>; serverOffsetMs: number }>) {
      state.views = action.payload.views;
      state.versions = action.payload.versions;
      state.serverOffsetMs = action.payload.serverOffsetMs;
      state.loaded = true;
    },
    viewChanged(state, action: PayloadAction<{ scope: Scope; view: Views[Scope]; version: number }>) {
      const { scope, view, version } = action.payload;
      (state.views as Record<Scope, unknown>)[scope] = view;
      state.versions[scope] = version;
    },
    statusChanged(state, action: PayloadAction<ConnectionStatus>) {
      state.status = action.payload;
    },
    reset() {
      return initialState;
    },
  },
});

export const liveActions = liveSlice.actions;
