import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShowSettings } from '../../../events';
import { DEFAULT_SHOW_SETTINGS } from '@engine/rules/show-settings';
import type { RootState } from './index';

export interface ShowSettingsState {
  /** The server's show settings (GET /api/show-settings and its stream); unset until the first arrive. */
  settings: ShowSettings;
  loaded: boolean;
  /** The player closed the newsletter popup; it opens again once the admin turns it off and on. */
  newsletterPopupDismissed: boolean;
}

const initialState: ShowSettingsState = { settings: DEFAULT_SHOW_SETTINGS, loaded: false, newsletterPopupDismissed: false };

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

export const selectShowSettings = (s: RootState) => s.showSettings.settings;

/** The newsletter popup: its flag is set, there is a form to show, and this player has not closed it. */
export const selectNewsletterPopupOpen = (s: RootState) => {
  const { settings, newsletterPopupDismissed } = s.showSettings;
  return settings.newsletterPopup && settings.newsletterUrl !== '' && !newsletterPopupDismissed;
};
