/** The tie-break question's title while the moderator has not named it. */
export const DEFAULT_TIE_BREAK_TITLE = 'Seitenstechen';
