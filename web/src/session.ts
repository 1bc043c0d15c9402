/** Session lifecycle: token in localStorage, expiry, current user, invite token; starts the realtime client. */
import { getCurrentUser, HttpError, listTeams, postTokenAuth, setAuthToken, whenUnauthorized } from './api/http';
import { decodeToken, isExpired } from './logic/token';
import { realtime, whenAuthFails } from './realtime/connection';
import { store } from './store';
import { liveActions } from './store/liveSlice';
import { sessionActions } from './store/sessionSlice';
import { uiActions } from './store/uiSlice';
import { t } from './texts';

const TOKEN_KEY = 'token';
const TEAM_TOKEN_KEY = 'tokenForTeam';
let expiryTimer: ReturnType<typeof setTimeout> | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Adopts a token: false when it is not a token or already expired. */
function adopt(token: string): boolean {
  const payload = decodeToken(token);
  if (!payload || isExpired(payload, Date.now())) return false;
  const previous = store.getState().session.token;
  if (previous && previous !== token) {
    // Another account (one-time login link): the socket must authenticate again.
    realtime.stop();
    store.dispatch(liveActions.reset());
  }
  storage()?.setItem(TOKEN_KEY, token);
  setAuthToken(token);
  store.dispatch(sessionActions.loggedIn({ token, payload }));
  if (expiryTimer) clearTimeout(expiryTimer);
  const ms = payload.exp * 1000 - Date.now();
  if (ms < 2_000_000_000) expiryTimer = setTimeout(logout, ms);
  realtime.start();
  void loadCurrentUser();
  return true;
}

/** The new token after a password change: the older ones (this one too) have ended on the server. */
export function replaceToken(token: string): void {
  adopt(token);
}

export function logout(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  storage()?.removeItem(TOKEN_KEY);
  setAuthToken(null);
  realtime.stop();
  store.dispatch(liveActions.reset());
  store.dispatch(sessionActions.loggedOut());
}

// A socket refused its token: ask the server whether the token still holds; a 401 (revoked) logs out.
whenAuthFails(() => void loadCurrentUser());

/** Where to go after the next login: the page the user was on when their session ended under them. */
let returnPath: string | null = null;

/**
 * The token ended on the server (a role or password change, a block, a logout everywhere): the app
 * logs out, says why, and after the next login returns to the page it was on.
 */
function sessionEnded(): void {
  if (!store.getState().session.token) return;
  const here = window.location.pathname + window.location.search;
  returnPath = here.startsWith('/login') ? returnPath : here;
  logout();
  store.dispatch(uiActions.noticeAdded(t.auth.sessionEnded));
}
whenUnauthorized(sessionEnded);

/** The page to go to after a login ('/' unless a session ended on another one); forgotten once taken. */
export function takeReturnPath(): string {
  const path = returnPath ?? '/';
  returnPath = null;
  return path;
}

export async function loadCurrentUser(): Promise<void> {
  store.dispatch(sessionActions.userLoading());
  try {
    store.dispatch(sessionActions.userLoaded(await getCurrentUser()));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) sessionEnded();
    else if (error instanceof HttpError && error.status === 404) logout();
    else store.dispatch(sessionActions.userFailed());
  }
}

export async function loadTeams(): Promise<void> {
  store.dispatch(sessionActions.teamsLoading());
  try {
    store.dispatch(sessionActions.teamsLoaded(await listTeams()));
  } catch {
    store.dispatch(sessionActions.teamsFailed());
  }
}

/** Logs in with credentials or a one-time login token; throws HttpError (403: wrong name or password). */
export async function login(credentials: { username: string; password: string } | { token: string }): Promise<void> {
  const token = await postTokenAuth(credentials);
  if (token === '') throw new HttpError(401, null);
  if (!adopt(token)) throw new HttpError(401, null);
  // Logged in again: the notice that asked for it has done its work.
  const ended = store.getState().ui.notices.find((notice) => notice.text === t.auth.sessionEnded);
  if (ended) store.dispatch(uiActions.noticeDismissed(ended.id));
}

export function setTokenForTeam(token: string | null): void {
  if (token) storage()?.setItem(TEAM_TOKEN_KEY, token);
  else storage()?.removeItem(TEAM_TOKEN_KEY);
  store.dispatch(sessionActions.tokenForTeamSet(token));
}

/** Restores the session from localStorage at start. */
export function initSession(): void {
  const teamToken = storage()?.getItem(TEAM_TOKEN_KEY) ?? null;
  if (teamToken) store.dispatch(sessionActions.tokenForTeamSet(teamToken));
  const token = storage()?.getItem(TOKEN_KEY);
  if (token && !adopt(token)) storage()?.removeItem(TOKEN_KEY);
}
