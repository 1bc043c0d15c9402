/** What the server says about itself (GET /api/about): its release and the show's public origin. */
import type { AboutReply } from '@wire/replies';
import { api, request } from './http';

let asked: Promise<AboutReply> | null = null;

/** Asked once per page: neither changes while the server runs. */
export function getAbout(): Promise<AboutReply> {
  asked ??= request<AboutReply>('GET', api('/about')).catch((error: unknown) => {
    asked = null; // a later call asks again
    throw error;
  });
  return asked;
}

/**
 * The origin every link the app makes starts with (invite and login links, QR codes): PUBLIC_URL when
 * the server has one, otherwise this page's own. An admin on the server's machine (`localhost`) then
 * still hands out the address players reach.
 */
export function showOrigin(): Promise<string> {
  return getAbout().then(
    (about) => about.publicUrl ?? window.location.origin,
    () => window.location.origin,
  );
}
