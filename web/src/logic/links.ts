/** Invite and one-time login links and reading their tokens back from the URL fragment. */

export const TEAM_TOKEN_KEY = 'teamToken';
export const USER_TOKEN_KEY = 'userToken';

/** The app root of a page address or origin (the show's, web/src/api/about.ts): origin plus the base path (the app lives at "/"). */
function appRoot(pageUrl: string): string {
  return new URL(pageUrl).origin + '/';
}

/**
 * The spec cuts the last five characters ("index") from the page address; the index of this app is
 * the root, so the link is built from the app root, which gives the same address.
 */
export function buildInviteLink(pageUrl: string, token: string): string {
  return `${appRoot(pageUrl)}invite#${TEAM_TOKEN_KEY}=${token}`;
}

export function buildLoginLink(pageUrl: string, token: string): string {
  return `${appRoot(pageUrl)}qrlogin#${USER_TOKEN_KEY}=${token}`;
}

/** Reads "#key=value" from a location hash; null when missing or empty. */
export function readFragmentToken(hash: string, key: string): string | null {
  const prefix = `#${key}=`;
  if (!hash.startsWith(prefix)) return null;
  const token = decodeURIComponent(hash.slice(prefix.length)).trim();
  return token === '' ? null : token;
}
