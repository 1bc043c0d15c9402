/**
 * Renders the app on the server (react-dom/server, no DOM needed) with a prepared store.
 * Test files that use it must load the real wouter through support/esm.ts (see screens.test.ts).
 */
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import type { ShowSettings } from '../../../events';
import type { TeamRecord } from '../../../web/src/api/http';
import { App } from '../../../web/src/App';
import { preloadOnDemand } from '../../../web/src/onDemand';
import type { Views } from '../../../web/src/realtime/views';
import { createAppStore } from '../../../web/src/store';
import { liveActions } from '../../../web/src/store/liveSlice';
import { sessionActions } from '../../../web/src/store/sessionSlice';
import { showSettingsActions } from '../../../web/src/store/showSettingsSlice';
import { baseGlobal, baseUser } from './views';

export type Perm = 'admin' | 'moderator' | 'tester';

export interface Setup {
  loggedIn?: boolean;
  perm?: Perm[];
  views?: Partial<Views>;
  teams?: TeamRecord[];
  /** The show settings as the server's stream delivered them (default: none arrived, everything unset). */
  showSettings?: ShowSettings;
}

export { baseGlobal, baseUser };

// Screens load on demand (React.lazy); renderToString cannot wait, so every test file loads them first.
beforeAll(() => preloadOnDemand());

export function prepareStore(setup: Setup) {
  const store = createAppStore();
  if (setup.loggedIn ?? true) {
    store.dispatch(
      sessionActions.loggedIn({ token: 'x.y.z', payload: { id: '1', exp: 4_000_000_000, perm: setup.perm ?? [] } }),
    );
    store.dispatch(
      sessionActions.userLoaded({
        id: '1',
        login: 'anna',
        name: 'Anna',
        email: null,
        shownEmailPopupAt: 'x',
        perm: [],
        teamId: '3',
      }),
    );
  }
  if (setup.teams) store.dispatch(sessionActions.teamsLoaded(setup.teams));
  if (setup.showSettings) store.dispatch(showSettingsActions.received(setup.showSettings));
  if (setup.views) {
    const views: Views = {
      global: baseGlobal,
      team: null,
      user: baseUser,
      moderator: null,
      tester: null,
      operator: null,
      overlay: null,
      ...setup.views,
    };
    // The live user view carries the roles as the server does (the app prefers them to the token's).
    if (views.user) views.user = { ...views.user, perm: setup.perm ?? views.user.perm };
    store.dispatch(liveActions.snapshotLoaded({ views, serverOffsetMs: 0 }));
  }
  return store;
}

export function render(path: string, setup: Setup = {}): string {
  return renderWithStore(path, prepareStore(setup));
}

/** Renders the app at `path` with a store a test prepared and changes between renders. */
export function renderWithStore(path: string, store: ReturnType<typeof createAppStore>): string {
  return renderToString(
    createElement(Provider, {
      store,
      children: createElement(Router, { ssrPath: path, children: createElement(App) }),
    }),
  );
}

/** Renders one component (a screen's part that needs interaction to appear in the app) with the store. */
export function renderPart(element: ReactElement, setup: Setup = {}): string {
  const store = prepareStore(setup);
  return renderToString(createElement(Provider, { store, children: element }));
}

/** HTML-escapes a text the way React renders it. */
export const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
