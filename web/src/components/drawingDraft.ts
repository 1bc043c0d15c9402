import type { DrawnStroke } from '../logic/drawing';
import { browserStorage } from '../browserStorage';

/**
 * A drawing not yet proposed, kept on this device (a reload or a lost connection keeps it) until it is
 * proposed or the next question's drawing starts: one draft, for the question it was drawn for.
 */
const DRAFT_KEY = 'quiz-drawing-draft';

interface StoredDrawingDraft {
  readonly question: string;
  readonly strokes: DrawnStroke[];
}

export function loadDrawingDraft(question: string): DrawnStroke[] | null {
  try {
    const draft = JSON.parse(browserStorage('localStorage')?.getItem(DRAFT_KEY) ?? 'null') as StoredDrawingDraft | null;
    return draft && draft.question === question && Array.isArray(draft.strokes) ? draft.strokes : null;
  } catch {
    return null;
  }
}

export function saveDrawingDraft(question: string, strokes: DrawnStroke[]): void {
  try {
    if (strokes.length === 0) browserStorage('localStorage')?.removeItem(DRAFT_KEY);
    else
      browserStorage('localStorage')?.setItem(
        DRAFT_KEY,
        JSON.stringify({ question, strokes } satisfies StoredDrawingDraft),
      );
  } catch {
    // A full or refused storage keeps no draft: the drawing on screen is unchanged.
  }
}

export function dropDrawingDraft(question: string): void {
  if (loadDrawingDraft(question) !== null) browserStorage('localStorage')?.removeItem(DRAFT_KEY);
}
