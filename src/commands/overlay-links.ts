/**
 * The stream overlay's secret links (PROTOCOL.md wave 4, "Stream overlay"): an admin creates and
 * revokes them over HTTP (POST and DELETE /api/overlay-links). The events name the link and the admin;
 * the link's token is the edge's (src/auth/overlay-tokens.ts) and never enters a command or an event.
 */
import { streams } from '../../events';
import { OVERLAY_LINK_TEXTS, overlayLinkRoomLeft, type LiveState } from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { ADMIN, showOnly, trimmed, type Entries } from './entry';

export interface CreateOverlayLink {
  type: 'CreateOverlayLink';
}
export interface RevokeOverlayLink {
  type: 'RevokeOverlayLink';
  linkId: string;
}
/** The commands of this file, as their rules receive them: overlayLinkEntries holds one entry for each. */
export type OverlayLinkCommand = CreateOverlayLink | RevokeOverlayLink;

/** A new link, while fewer than the maximum work. */
export function createOverlayLink(state: LiveState, _command: CreateOverlayLink, ctx: DecisionContext): Verdict {
  if (!overlayLinkRoomLeft(state)) return reject(OVERLAY_LINK_TEXTS.tooMany, 'conflict');
  return accept(streams.show, draft('OverlayLinkCreated', { linkId: ctx.newId(), createdBy: ctx.actor.userId }));
}

/** The link stops working; revoking it again changes nothing. */
export function revokeOverlayLink(state: LiveState, { linkId }: RevokeOverlayLink, ctx: DecisionContext): Verdict {
  const link = state.overlayLinks.get(linkId);
  if (!link) return reject(OVERLAY_LINK_TEXTS.notFound, 'not_found');
  if (link.revokedAt !== null) return accept(streams.show);
  return accept(streams.show, draft('OverlayLinkRevoked', { linkId, revokedBy: ctx.actor.userId }));
}

export const overlayLinkEntries = {
  CreateOverlayLink: {
    access: ADMIN,
    parse: () => ({ type: 'CreateOverlayLink' }),
    boundary: showOnly,
    rule: createOverlayLink,
  },
  RevokeOverlayLink: {
    access: ADMIN,
    parse: (c) => ({ type: 'RevokeOverlayLink', linkId: trimmed(c.linkId) }),
    boundary: showOnly,
    rule: revokeOverlayLink,
  },
} satisfies Entries<OverlayLinkCommand>;
