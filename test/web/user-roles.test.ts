/** The "Benutzer und Rollen" screen: its pure helpers, and the page and a row rendered on the server. */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { createElement } from 'react';
import type { UserRecord } from '../../web/src/api/http';
import { UserRow } from '../../web/src/operator/admin/UserRolesPage';
import {
  answered,
  matchingUsers,
  stillAhead,
  usersWithRoles,
  withRole,
  type AnsweredChanges,
  type RoleHolder,
} from '../../web/src/operator/admin/userRoles';
import type { OperatorUserEntry, OperatorView } from '../../web/src/realtime/views';
import { t } from '../../web/src/texts/operator';
import { liveActions } from '../../web/src/store/liveSlice';
import { baseUser, esc, prepareStore, render, renderPart, renderWithStore } from './support/render';

const liveViews = (store: ReturnType<typeof prepareStore>) => store.getState().live.views;

const user = (id: string, login: string, name: string, perm: string[] = []): UserRecord => ({
  id,
  login,
  name,
  perm,
  email: null,
  shownEmailPopupAt: null,
  teamId: null,
});

const users = [
  user('1', 'admin', 'admin', ['admin', 'moderator', 'tester']),
  user('2', 'lena', 'Lena Ober'),
  user('3', 'ole', 'Ölmüller', ['tester']),
];

describe('roles screen helpers', () => {
  it('finds users by name or login, case-insensitively, sorted by name', () => {
    expect(matchingUsers(users, '').map((u) => u.id)).toEqual(['1', '2', '3']);
    expect(matchingUsers(users, ' LENA ').map((u) => u.id)).toEqual(['2']);
    expect(matchingUsers(users, 'ober').map((u) => u.id)).toEqual(['2']);
    expect(matchingUsers(users, 'öl').map((u) => u.id)).toEqual(['3']);
    expect(matchingUsers(users, 'ole').map((u) => u.id)).toEqual(['3']);
    expect(matchingUsers(users, 'niemand')).toEqual([]);
  });

  it("switches one role on or off and keeps the engine's order of roles", () => {
    expect(withRole(['tester'], 'admin', true)).toEqual(['admin', 'tester']);
    expect(withRole(['admin', 'moderator', 'tester'], 'moderator', false)).toEqual(['admin', 'tester']);
    expect(withRole([], 'tester', false)).toEqual([]);
  });
});

describe('the roles screen follows the pushed operator view', () => {
  const entry = (id: string, login: string, roles: OperatorUserEntry['roles'] = []): OperatorUserEntry => ({
    id,
    login,
    name: login,
    roles,
  });
  const NONE: AnsweredChanges = new Map();
  const shown = (entries: OperatorUserEntry[], changes: AnsweredChanges) =>
    usersWithRoles(entries, changes).map((u) => `${u.login}:${u.perm.join('+')}`);

  it('given the view, then every user shows with the roles the view holds', () => {
    expect(shown([entry('1', 'admin', ['admin']), entry('2', 'lena')], NONE)).toEqual(['admin:admin', 'lena:']);
  });

  it('given an answered change the view has not caught up with, then the answer shows, until the view has it', () => {
    const before = [entry('2', 'lena')];
    const changes = answered(NONE, before, user('2', 'lena', 'lena', ['tester']));
    expect(shown(before, changes)).toEqual(['lena:tester']);
    expect(stillAhead(changes, before)).toBe(changes);

    const caughtUp = [entry('2', 'lena', ['tester'])];
    expect(shown(caughtUp, changes)).toEqual(['lena:tester']);
    expect(stillAhead(changes, caughtUp).size).toBe(0);
  });

  it('given the push came before the answer, then the view shows, and a later change by another admin wins', () => {
    const pushed = [entry('2', 'lena', ['tester'])];
    const changes = answered(NONE, pushed, user('2', 'lena', 'lena', ['tester']));
    expect(shown(pushed, changes)).toEqual(['lena:tester']);
    const changedElsewhere = [entry('2', 'lena', [])];
    expect(shown(changedElsewhere, changes)).toEqual(['lena:']);
    expect(stillAhead(changes, changedElsewhere).size).toBe(0);
  });

  it('given a user who registers while the screen is open, then the next view lists them', () => {
    expect(shown([entry('1', 'admin', ['admin']), entry('3', 'ole')], NONE)).toEqual(['admin:admin', 'ole:']);
  });
});

describe('roles screen', () => {
  it('is an admin route with its heading, search, loading note and a way back; the admin page links to it', () => {
    const html = render('/admin/users', { perm: ['admin'] });
    for (const text of [
      t.userRoles.heading,
      t.userRoles.search,
      t.userRoles.searchHint,
      t.userRoles.loading,
      t.userRoles.back,
    ])
      expect(html).toContain(esc(text));
    expect(render('/admin', { perm: ['admin'], views: {} })).toContain('href="/admin/users"');
  });

  it('lists the users of the operator view with their roles; without the view it says it is loading', () => {
    const operator: OperatorView = {
      teams: {},
      users: {
        1: { id: '1', login: 'admin', name: 'admin', roles: ['admin'] },
        2: { id: '2', login: 'lena', name: 'Lena Ober', roles: ['tester'] },
      },
    };
    const html = render('/admin/users', { perm: ['admin'], views: { operator } });
    expect(html).toContain(esc(t.userRoles.count(2, 2)));
    expect(html).toMatch(
      new RegExp(`<input type="checkbox" aria-label="${esc(t.userRoles.toggle('Kontrolle', 'Lena Ober'))}" checked=""`),
    );
    expect(html).not.toContain(esc(t.userRoles.loading));
    expect(render('/admin/users', { perm: ['admin'], views: {} })).toContain(esc(t.userRoles.loading));
  });

  it('is not shown to a moderator', () => {
    expect(render('/admin/users', { perm: ['moderator'] })).not.toContain(esc(t.userRoles.heading));
  });

  it("shows a user's roles as labelled checkboxes, one per role", () => {
    const html = renderPart(
      createElement(
        'table',
        null,
        createElement('tbody', null, createElement(UserRow, { user: users[2]!, onSaved: () => undefined })),
      ),
    );
    expect(html).toContain('Ölmüller');
    expect(html).toMatch(
      new RegExp(`<input type="checkbox" aria-label="${esc(t.userRoles.toggle('Kontrolle', 'Ölmüller'))}" checked=""`),
    );
    expect(html).toMatch(
      new RegExp(`<input type="checkbox" aria-label="${esc(t.userRoles.toggle('Admin', 'Ölmüller'))}"/>`),
    );
    expect(html.match(/type="checkbox"/g)).toHaveLength(3);
  });

  it('shows a block action beside each user, and an unblock action with the mark while blocked (abl)', () => {
    const row = (u: RoleHolder) =>
      renderPart(
        createElement(
          'table',
          null,
          createElement('tbody', null, createElement(UserRow, { user: u, onSaved: () => undefined })),
        ),
      );
    expect(row(users[2]!)).toContain(`aria-label="${esc(t.userRoles.blockLabel('Ölmüller'))}"`);
    const blocked = row({ ...users[2]!, blocked: true });
    expect(blocked).toContain(`aria-label="${esc(t.userRoles.unblockLabel('Ölmüller'))}"`);
    expect(blocked).toContain(`(${t.userRoles.isBlocked})`);
  });

  it('given the view marks a user blocked, then the list says so', () => {
    const entries: OperatorUserEntry[] = [
      { id: '3', login: 'ole', name: 'Ölmüller', roles: [], blocked: true },
      { id: '2', login: 'lena', name: 'Lena', roles: [] },
    ];
    expect(usersWithRoles(entries, new Map()).map((u) => u.blocked)).toEqual([true, false]);
  });
});

describe('a role granted or taken while the app is open', () => {
  const operatorLinks = (html: string) =>
    [t.nav.tester, t.nav.control, t.nav.admin].filter((link) => html.includes(`>${esc(link)}<`));

  it('given a token without roles, when the live user view says moderator, then the moderator pages are in the menu', () => {
    const store = prepareStore({ perm: [], views: {} });
    expect(operatorLinks(renderWithStore('/', store))).toEqual([]);
    store.dispatch(
      liveActions.snapshotLoaded({
        views: { ...liveViews(store), user: { ...baseUser, perm: ['moderator'] } },
        serverOffsetMs: 0,
      }),
    );
    expect(operatorLinks(renderWithStore('/', store))).toEqual([t.nav.control]);
  });

  it('given an admin token, when the live user view says no roles, then no operator page is offered', () => {
    const store = prepareStore({ perm: ['admin'], views: {} });
    expect(operatorLinks(renderWithStore('/', store))).toEqual([t.nav.admin]);
    store.dispatch(
      liveActions.snapshotLoaded({
        views: { ...liveViews(store), user: { ...baseUser, perm: [] } },
        serverOffsetMs: 0,
      }),
    );
    expect(operatorLinks(renderWithStore('/', store))).toEqual([]);
  });
});
