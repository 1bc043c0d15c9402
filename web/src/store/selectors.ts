import type { Perm } from '../logic/token';
import type { RootState } from './index';

const NO_PERM: Perm[] = [];

/** The roles of the live user view once it has arrived (a role change holds at once), else the login token's. */
export const selectPerm = (s: RootState): readonly Perm[] =>
  s.live.views.user?.perm ?? s.session.payload?.perm ?? NO_PERM;
export const selectIsLoggedIn = (s: RootState) => s.session.token !== null;
export const selectIsModerator = (s: RootState) => selectPerm(s).includes('moderator');
export const selectIsAdmin = (s: RootState) => selectPerm(s).includes('admin');
export const selectIsTester = (s: RootState) => selectPerm(s).includes('tester');
export const selectGlobal = (s: RootState) => s.live.views.global;
export const selectTeam = (s: RootState) => s.live.views.team;
export const selectUser = (s: RootState) => s.live.views.user;
export const selectImgPrefix = (s: RootState) => s.live.views.global?.imgPrefix ?? '/api/uploads/';
