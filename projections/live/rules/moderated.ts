/**
 * What players see of a moderator's hands on content (PROTOCOL.md wave 5): a hidden picture's place,
 * and the notice a team or user gets when a moderator renamed them or cleared their logo.
 */
import type { LiveState, ModeratedNotice } from '../state/state';

/** What a view shows in place of a hidden picture's stored name (a proposal, a taken answer). */
export const HIDDEN_PICTURE_TEXT = '(Bild von der Moderation ausgeblendet)';

export const MODERATED_TEXTS = {
  teamRenamed: (name: string) => `Die Moderation hat euer Team in „${name}“ umbenannt.`,
  teamLogoCleared: 'Die Moderation hat Logo und Link eures Teams entfernt.',
  userRenamed: (name: string) => `Die Moderation hat deinen Anzeigenamen in „${name}“ geändert.`,
} as const;

/** Whether a moderator hid this stored upload name (mph). */
export function isHiddenPicture(state: Pick<LiveState, 'hiddenPictures'>, name: string): boolean {
  return state.hiddenPictures.has(name);
}

/** A text that may be a stored upload name (a selfie or drawing proposal, a taken answer): the hidden picture's text when hidden. */
export function shownOrHidden(state: Pick<LiveState, 'hiddenPictures'>, text: string): string {
  return state.hiddenPictures.has(text) ? HIDDEN_PICTURE_TEXT : text;
}

/** A team's logo or link: none while a moderator hid the picture. */
export function shownLogo(state: Pick<LiveState, 'hiddenPictures'>, url: string): string {
  return state.hiddenPictures.has(url) ? '' : url;
}

/** The notice a team or user sees: the event's id (seen once per id) and the German text. */
export interface ModeratedNoticeView {
  id: string;
  text: string;
}

export function teamNoticeView(notice: ModeratedNotice | null, teamName: string): ModeratedNoticeView | null {
  if (!notice) return null;
  return {
    id: notice.id,
    text: notice.kind === 'renamed' ? MODERATED_TEXTS.teamRenamed(teamName) : MODERATED_TEXTS.teamLogoCleared,
  };
}

export function userNoticeView(notice: ModeratedNotice | null, name: string): ModeratedNoticeView | null {
  return notice ? { id: notice.id, text: MODERATED_TEXTS.userRenamed(name) } : null;
}
