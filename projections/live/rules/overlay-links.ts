/**
 * The stream overlay's secret links (PROTOCOL.md wave 4): which work, and how many may at once. The
 * deciders (src/commands/overlay-links.ts), the socket's check of a page's link and the admin's list read them.
 */
import type { LiveState, OverlayLinkLive } from '../state/state';
import { FIELD_MAXIMA } from './field-limits';

export const OVERLAY_LINK_TEXTS = {
  notFound: 'Diesen Overlay-Link gibt es nicht.',
  tooMany: `Es sind höchstens ${FIELD_MAXIMA.overlayLinks} Overlay-Links zugleich möglich. Bitte widerrufe zuerst einen, der nicht mehr gebraucht wird.`,
} as const;

/** The link, while it is not revoked. */
export function workingOverlayLink(state: LiveState, linkId: string): OverlayLinkLive | undefined {
  const link = state.overlayLinks.get(linkId);
  return link && link.revokedAt === null ? link : undefined;
}

/** The links not revoked, oldest first. */
export function workingOverlayLinks(state: LiveState): OverlayLinkLive[] {
  return state.overlayLinks
    .values()
    .filter((link) => link.revokedAt === null)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** Whether one more link may be created (revoked ones do not count). */
export function overlayLinkRoomLeft(state: LiveState): boolean {
  return workingOverlayLinks(state).length < FIELD_MAXIMA.overlayLinks;
}
