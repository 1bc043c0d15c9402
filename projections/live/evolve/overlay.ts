import type { OverlayEvent } from '../../../events';
import type { LiveState } from '../state/state';
import type { Changes, Writer } from './writer';

export function evolveOverlay(state: LiveState, event: OverlayEvent, write: Writer): Changes {
  const at = event.metadata.recordedAt;
  switch (event.type) {
    case 'OverlayLinkCreated': {
      const { linkId, createdBy } = event.data;
      return {
        overlayLinks: write.set(state.overlayLinks, linkId, { id: linkId, createdBy, createdAt: at, revokedAt: null }),
      };
    }
    case 'OverlayLinkRevoked':
      return {
        overlayLinks: write.update(state.overlayLinks, event.data.linkId, (link) => ({ ...link, revokedAt: at })),
      };
  }
}
