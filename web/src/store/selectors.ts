import type { Perm } from '../logic/token';
import type { RootState } from './index';

const NO_PERM: Perm[] = [];

export const selectPerm = (s: RootState) => s.session.payload?.perm ?? NO_PERM;
export const selectIsLoggedIn = (s: RootState) => s.session.token !== null;
export const selectIsModerator = (s: RootState) => selectPerm(s).includes('moderator');
export const selectIsAdmin = (s: RootState) => selectPerm(s).includes('admin');
export const selectIsTester = (s: RootState) => selectPerm(s).includes('tester');
export const selectGlobal = (s: RootState) => s.live.views.global;
export const selectTeam = (s: RootState) => s.live.views.team;
export const selectUser = (s: RootState) => s.live.views.user;
export const selectImgPrefix = (s: RootState) => s.live.views.global?.imgPrefix ?? '/api/uploads/';
