import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { present } from '@live/state/present';
import type { StatePush, ViewScope } from '@wire/replies';
import type { ConnectionStatus } from '../realtime/client';
import { applyPatch, type JsonValue } from '../realtime/patch';
import { EMPTY_VIEWS, type Views } from '../realtime/views';

export interface LiveSliceState {
  /** The app's one copy of the live views: a snapshot replaces them, pushes change them. */
  views: Views;
  /** True once the first `sg` snapshot arrived. */
  loaded: boolean;
  /** The scopes the held snapshot was asked for (null: every scope the user receives). */
  scopes: ViewScope[] | null;
  /** A push's patch did not fit the held view; true until the next snapshot (the realtime client asks for one). */
  stale: boolean;
  /** Add to the local clock to get the server clock. */
  serverOffsetMs: number;
  status: ConnectionStatus;
}

export interface LoadedSnapshot {
  views: Views;
  serverOffsetMs: number;
  /** The scopes it was asked for (`sg {scopes}`); absent or null: all. */
  scopes?: ViewScope[] | null;
}

const initialState: LiveSliceState = {
  views: EMPTY_VIEWS,
  loaded: false,
  scopes: null,
  stale: false,
  serverOffsetMs: 0,
  status: 'idle',
};

/**
 * Freezes a view at its root only. Immer (Redux Toolkit's reducers) deep-freezes every value a reducer
 * stores but stops at a frozen object: frozen at the root, the server's views are not walked object by
 * object (a snapshot at 1,000 teams: ~26 ms of a load's longest task). They are never changed in place
 * (a push's patch copies the branches it changes: patch.ts), and the development build's
 * immutability check still walks the whole state on every dispatch.
 */
function frozenAtRoot<T>(view: T): T {
  return view !== null && typeof view === 'object' ? Object.freeze(view) : view;
}

/** The views of a snapshot, each frozen at its root (frozenAtRoot). */
function frozenViews(views: Views): Views {
  const frozen = { ...views };
  for (const scope of Object.keys(frozen) as ViewScope[])
    (frozen as Record<ViewScope, unknown>)[scope] = frozenAtRoot(frozen[scope]);
  return Object.freeze(frozen);
}

/** The view after a push: its value, or its patch applied (untouched branches shared); undefined when the patch does not apply. */
export function viewAfterPush(view: Views[ViewScope], push: StatePush): Views[ViewScope] | undefined {
  if ('value' in push) return frozenAtRoot(push.value ?? null);
  try {
    return frozenAtRoot(applyPatch((view ?? null) as JsonValue, push.patch) as unknown as Views[ViewScope]);
  } catch {
    return undefined;
  }
}

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    snapshotLoaded(state, action: PayloadAction<LoadedSnapshot>) {
      state.views = frozenViews(action.payload.views);
      state.serverOffsetMs = action.payload.serverOffsetMs;
      state.scopes = action.payload.scopes ?? null;
      state.loaded = true;
      state.stale = false;
    },
    /** A scope's next version, in order (the realtime client checks the versions). */
    pushReceived(state, action: PayloadAction<StatePush>) {
      const push = action.payload;
      // The held view itself, not the draft: the patch shares its untouched branches.
      const held = present(original(state), 'the live state the draft was made of');
      const next = viewAfterPush(held.views[push.scope], push);
      if (next === undefined) state.stale = true;
      else (state.views as Record<ViewScope, unknown>)[push.scope] = next;
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
