import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShowSettings } from '../../../events';
import { DEFAULT_SHOW_SETTINGS } from '@live/state/default-show-settings';

export interface ShowSettingsState {
  /** The server's show settings (GET /api/show-settings and its stream); unset until the first arrive. */
  settings: ShowSettings;
  loaded: boolean;
  /** The player closed the newsletter popup; it opens again once the admin turns it off and on. */
  newsletterPopupDismissed: boolean;
}

const initialState: ShowSettingsState = {
  settings: DEFAULT_SHOW_SETTINGS,
  loaded: false,
  newsletterPopupDismissed: false,
};

export const showSettingsSlice = createSlice({
  name: 'showSettings',
  initialState,
  reducers: {
    received(state, action: PayloadAction<ShowSettings>) {
      state.settings = action.payload;
      state.loaded = true;
      if (!action.payload.newsletterPopup) state.newsletterPopupDismissed = false;
    },
    newsletterPopupDismissed(state, action: PayloadAction<boolean>) {
      state.newsletterPopupDismissed = action.payload;
    },
  },
});

export const showSettingsActions = showSettingsSlice.actions;

/** The part of the store's state these selectors read (typed here, not by the store's RootState, which is made of this slice). */
interface WithShowSettings {
  showSettings: ShowSettingsState;
}

export const selectShowSettings = (s: WithShowSettings) => s.showSettings.settings;

/** The newsletter popup: its flag is set, there is a form to show, and this player has not closed it. */
export const selectNewsletterPopupOpen = (s: WithShowSettings) => {
  const { settings, newsletterPopupDismissed } = s.showSettings;
  return settings.newsletterPopup && settings.newsletterUrl !== '' && !newsletterPopupDismissed;
};
