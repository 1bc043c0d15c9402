import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Splitscreen = 'off' | 'noChat' | 'withChat';
export type NoticeTone = 'info' | 'error' | 'success';

export interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
}

export interface UiState {
  notices: Notice[];
  splitscreen: Splitscreen;
  helpOpen: boolean;
}

function storedSplitscreen(): Splitscreen {
  try {
    const value = typeof localStorage !== 'undefined' ? localStorage.getItem('splitscreen') : null;
    return value === 'noChat' || value === 'withChat' ? value : 'off';
  } catch {
    return 'off';
  }
}

const initialState: UiState = { notices: [], splitscreen: storedSplitscreen(), helpOpen: false };
let nextNoticeId = 1;

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    noticeAdded: {
      reducer(state, action: PayloadAction<Notice>) {
        if (state.notices.some((n) => n.text === action.payload.text)) return;
        state.notices.push(action.payload);
      },
      prepare(text: string, tone: NoticeTone = 'error') {
        return { payload: { id: nextNoticeId++, text, tone } };
      },
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      state.notices = state.notices.filter((n) => n.id !== action.payload);
    },
    splitscreenSet(state, action: PayloadAction<Splitscreen>) {
      state.splitscreen = action.payload;
    },
    helpToggled(state, action: PayloadAction<boolean>) {
      state.helpOpen = action.payload;
    },
  },
});

export const uiActions = uiSlice.actions;
