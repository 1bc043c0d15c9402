/** The "Benutzer und Rollen" screen: its pure helpers, and the page and a row rendered on the server. */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { createElement } from 'react';
import type { UserRecord } from '../../web/src/api/http';
import { UserRow } from '../../web/src/operator/admin/UserRolesPage';
import { matchingUsers, replaceUser, withRole } from '../../web/src/operator/admin/userRoles';
import { t } from '../../web/src/texts';
import { liveActions } from '../../web/src/store/liveSlice';
import { baseUser, esc, prepareStore, render, renderPart, renderWithStore } from './support/render';

const liveViews = (store: ReturnType<typeof prepareStore>) => store.getState().live.views;

const user = (id: string, login: string, name: string, perm: string[] = []): UserRecord => ({
  id, login, name, perm, email: null, shownEmailPopupAt: null, teamId: null,
});

const users = [user('1', 'admin', 'admin', ['admin', 'moderator', 'tester']), user('2', 'lena', 'Lena Ober'), user('3', 'ole', 'Ölmüller', ['tester'])];

describe('roles screen helpers', () => {
  it('finds users by name or login, case-insensitively, sorted by name', () => {
    expect(matchingUsers(users, '').map((u) => u.id)).toEqual(['1', '2', '3']);
    expect(matchingUsers(users, ' LENA ').map((u) => u.id)).toEqual(['2']);
    expect(matchingUsers(users, 'ober').map((u) => u.id)).toEqual(['2']);
    expect(matchingUsers(users, 'öl').map((u) => u.id)).toEqual(['3']);
    expect(matchingUsers(users, 'ole').map((u) => u.id)).toEqual(['3']);
    expect(matchingUsers(users, 'niemand')).toEqual([]);
  });

  it('switches one role on or off and keeps the engine\'s order of roles', () => {
    expect(withRole(['tester'], 'admin', true)).toEqual(['admin', 'tester']);
    expect(withRole(['admin', 'moderator', 'tester'], 'moderator', false)).toEqual(['admin', 'tester']);
    expect(withRole([], 'tester', false)).toEqual([]);
  });

  it('replaces the user the server answered with, by id', () => {
    const saved = user('2', 'lena', 'Lena Ober', ['tester']);
    expect(replaceUser(users, saved)).toEqual([users[0], saved, users[2]]);
  });
});

describe('roles screen', () => {
  it('is an admin route with its heading, search, loading note and a way back; the admin page links to it', () => {
    const html = render('/admin/users', { perm: ['admin'] });
    for (const text of [t.userRoles.heading, t.userRoles.search, t.userRoles.searchHint, t.userRoles.loading, t.userRoles.back]) expect(html).toContain(esc(text));
    expect(render('/admin', { perm: ['admin'], views: {} })).toContain('href="/admin/users"');
  });

  it('is not shown to a moderator', () => {
    expect(render('/admin/users', { perm: ['moderator'] })).not.toContain(esc(t.userRoles.heading));
  });

  it('shows a user\'s roles as labelled checkboxes, one per role', () => {
    const html = renderPart(createElement('table', null, createElement('tbody', null, createElement(UserRow, { user: users[2]!, onSaved: () => undefined }))));
    expect(html).toContain('Ölmüller');
    expect(html).toMatch(new RegExp(`<input type="checkbox" aria-label="${esc(t.userRoles.toggle('Kontrolle', 'Ölmüller'))}" checked=""`));
    expect(html).toMatch(new RegExp(`<input type="checkbox" aria-label="${esc(t.userRoles.toggle('Admin', 'Ölmüller'))}"/>`));
    expect(html.match(/type="checkbox"/g)).toHaveLength(3);
  });
});

describe('a role granted or taken while the app is open', () => {
  const operatorLinks = (html: string) => [t.nav.tester, t.nav.control, t.nav.admin].filter((link) => html.includes(`>${esc(link)}<`));

  it('given a token without roles, when the live user view says moderator, then the moderator pages are in the menu', () => {
    const store = prepareStore({ perm: [], views: {} });
    expect(operatorLinks(renderWithStore('/', store))).toEqual([]);
    store.dispatch(liveActions.snapshotLoaded({ views: { ...liveViews(store), user: { ...baseUser, perm: ['moderator'] } }, serverOffsetMs: 0 }));
    expect(operatorLinks(renderWithStore('/', store))).toEqual([t.nav.control]);
  });

  it('given an admin token, when the live user view says no roles, then no operator page is offered', () => {
    const store = prepareStore({ perm: ['admin'], views: {} });
    expect(operatorLinks(renderWithStore('/', store))).toEqual([t.nav.admin]);
    store.dispatch(liveActions.snapshotLoaded({ views: { ...liveViews(store), user: { ...baseUser, perm: [] } }, serverOffsetMs: 0 }));
    expect(operatorLinks(renderWithStore('/', store))).toEqual([]);
  });
});
