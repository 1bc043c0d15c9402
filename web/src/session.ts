/** Session lifecycle: token in localStorage, expiry, current user, invite token; starts the realtime client. */
import {
  getCurrentUser,
  HttpError,
  listTeams,
  postTokenAuth,
  registerUser,
  setAuthToken,
  whenTokenRenewed,
  whenUnauthorized,
} from './api/http';
import { untilServed, type WaitOptions } from './api/queue';
import { browserStorage } from './browserStorage';
import { decodeToken, isExpired } from './logic/token';
import { realtime, whenAuthFails, whenSocketRenewsToken } from './realtime/connection';
import { store } from './store';
import { liveActions } from './store/liveSlice';
import { sessionActions } from './store/sessionSlice';
import { uiActions } from './store/uiSlice';
import { t } from './texts';

const TOKEN_KEY = 'token';
const TEAM_TOKEN_KEY = 'tokenForTeam';
let expiryTimer: ReturnType<typeof setTimeout> | null = null;

const storage = () => browserStorage('localStorage');

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

/**
 * A renewed token of the same user (docs/protocol.md, "Token renewal"): kept instead of the old one, the
 * socket carries on. One for another user or a token that does not read is ignored.
 */
export function renewToken(token: string): void {
  const payload = decodeToken(token);
  const current = store.getState().session;
  if (
    !payload ||
    isExpired(payload, Date.now()) ||
    !current.payload ||
    payload.id !== current.payload.id ||
    current.token === token
  )
    return;
  storage()?.setItem(TOKEN_KEY, token);
  setAuthToken(token);
  store.dispatch(sessionActions.loggedIn({ token, payload }));
  if (expiryTimer) clearTimeout(expiryTimer);
  const ms = payload.exp * 1000 - Date.now();
  expiryTimer = ms < 2_000_000_000 ? setTimeout(logout, ms) : null;
}

whenTokenRenewed(renewToken);
whenSocketRenewsToken(renewToken);

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

/**
 * Logs in with credentials or a one-time login token; throws HttpError (403: wrong name or password).
 * While the server's hashing queue is full it waits for its appointment and tries again by itself
 * (`onWait` hears the wait, to show it).
 */
export async function login(
  credentials: { username: string; password: string } | { token: string },
  waiting: WaitOptions = {},
): Promise<void> {
  const token = await untilServed((ticket) => postTokenAuth(credentials, ticket), waiting);
  if (token === '') throw new HttpError(401, null);
  if (!adopt(token)) throw new HttpError(401, null);
  // Logged in again: the notice that asked for it has done its work.
  const ended = store.getState().ui.notices.find((notice) => notice.text === t.auth.sessionEnded);
  if (ended) store.dispatch(uiActions.noticeDismissed(ended.id));
}

/** Registers an account, waiting for the hashing queue like login(). */
export async function register(fields: Parameters<typeof registerUser>[0], waiting: WaitOptions = {}): Promise<void> {
  await untilServed((ticket) => registerUser(fields, ticket), waiting);
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
