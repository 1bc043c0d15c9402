/**
 * The stream overlay's secret links (PROTOCOL.md wave 4): which work, and how many may at once. The
 * deciders (src/commands/overlay-links.ts), the socket's check of a page's link and the admin's list read them.
 */
import type { LiveState, OverlayLinkLive } from '../state/state';
import { FIELD_MAXIMA } from './field-limits';

export const OVERLAY_LINK_TEXTS = {
  notFound: 'Diesen Overlay-Link gibt es nicht.',
  tooMany: `Es sind höchstens ${FIELD_MAXIMA.overlayLinks} Overlay-Links zugleich möglich. Bitte widerrufe zuerst einen, der nicht mehr gebraucht wird.`,
  tooManyPages: (max: number) =>
    `Mit diesem Overlay-Link sind schon ${max} Seiten verbunden. Bitte schließe zuerst eine davon.`,
} as const;

/** Pages one overlay link may hold open at once: the broadcast tool's source, a preview, a spare machine; not a crowd. */
export const OVERLAY_PAGES_PER_LINK = 25;

/**
 * The link, while it is not revoked and its creator is still an admin who can act: a link ends when
 * its creator loses the admin role, is blocked or is erased (a link made from the console, with no
 * creator, stays until revoked).
 */
export function workingOverlayLink(state: LiveState, linkId: string): OverlayLinkLive | undefined {
  const link = state.overlayLinks.get(linkId);
  return link && works(state, link) ? link : undefined;
}

function works(state: LiveState, link: OverlayLinkLive): boolean {
  if (link.revokedAt !== null) return false;
  if (link.createdBy === null) return true;
  const creator = state.users.get(link.createdBy);
  return creator !== undefined && creator.roles.includes('admin') && !creator.blocked && !creator.erased;
}

/** The working links (see workingOverlayLink), oldest first. */
export function workingOverlayLinks(state: LiveState): OverlayLinkLive[] {
  return state.overlayLinks
    .values()
    .filter((link) => works(state, link))
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** Whether one more link may be created (revoked ones do not count). */
export function overlayLinkRoomLeft(state: LiveState): boolean {
  return workingOverlayLinks(state).length < FIELD_MAXIMA.overlayLinks;
}
