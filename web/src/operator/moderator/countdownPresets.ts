/** The countdown presets of the control page, in seconds; hotkeys 1 to 5 in this order. */
export const COUNTDOWN_PRESETS = [5, 10, 20, 40, 60] as const;
