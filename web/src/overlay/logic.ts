/** Pure rules of the stream overlay's page: where its token is, what it shows when, the ranking's rows. */
import type { OverlayRankingRow, OverlayView } from '@live/views/overlay-view';

const PREFIX = '/overlay/';

/** The overlay page's token in its address (/overlay/<token>), or null on any other page. */
export function overlayTokenOf(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const token = pathname.slice(PREFIX.length).replace(/\/+$/, '');
  if (token === '' || token.includes('/')) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    return null;
  }
}

/** What the join QR code opens: the show's start page, where visitors log in or register. */
export function joinUrl(origin: string): string {
  return `${origin}/`;
}

export interface VisibleParts {
  question: boolean;
  countdown: boolean;
  /** Between questions: the question whose answers were locked in. */
  lockedIn: boolean;
  ranking: boolean;
  qr: boolean;
  uber: boolean;
}

/**
 * What the overlay shows now: the question and its countdown while one is open; between questions the
 * lock-in, the published ranking, the join QR code and the uber message. Each only where the layout
 * shows its part.
 */
export function visibleParts(view: OverlayView): VisibleParts {
  const on = (part: OverlayView['layout']['parts'][number]) => view.layout.parts.includes(part);
  const open = view.question !== null;
  return {
    question: on('question') && open,
    countdown: on('countdown') && open && view.countdownEndsAt !== null,
    lockedIn: on('question') && !open && view.lockedIn !== null,
    ranking: on('ranking') && !open && view.ranking !== null && view.ranking.length > 0,
    qr: on('qr') && !open,
    uber: on('uber') && !open && view.uberMessage !== null,
  };
}

/** Height of a ranking row with its gap, in CSS pixels of the 1920x1080 design. */
export const RANKING_ROW_PX = 52;

/**
 * The rows in a stable order (by key) with where each is drawn (its place in the ranking): React keeps
 * each row's element across a publication, so a row that moved slides there (a CSS transition) instead
 * of being drawn anew.
 */
export function rankingLayout(rows: readonly OverlayRankingRow[]): Array<OverlayRankingRow & { offset: number }> {
  return rows
    .map((row, index) => ({ ...row, offset: index * RANKING_ROW_PX }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
