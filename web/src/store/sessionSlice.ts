import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TeamRecord, UserRecord } from '../api/http';
import type { TokenPayload } from '../logic/token';

export interface SessionState {
  token: string | null;
  payload: TokenPayload | null;
  user: UserRecord | null;
  userStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The invite token read from an invite link, sent with `gi` once the live state is loaded. */
  tokenForTeam: string | null;
  /** Testers can hide several of the normal navbar links. */
  testerHidesLinks: boolean;
  teams: TeamRecord[];
  teamsStatus: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState: SessionState = {
  token: null,
  payload: null,
  user: null,
  userStatus: 'idle',
  tokenForTeam: null,
  testerHidesLinks: false,
  teams: [],
  teamsStatus: 'idle',
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ token: string; payload: TokenPayload }>) {
      state.token = action.payload.token;
      state.payload = action.payload.payload;
    },
    loggedOut(state) {
      state.token = null;
      state.payload = null;
      state.user = null;
      state.userStatus = 'idle';
      state.teams = [];
      state.teamsStatus = 'idle';
    },
    userLoading(state) {
      state.userStatus = 'loading';
    },
    userLoaded(state, action: PayloadAction<UserRecord>) {
      state.user = action.payload;
      state.userStatus = 'loaded';
    },
    userFailed(state) {
      state.userStatus = 'failed';
    },
    userChanged(state, action: PayloadAction<Partial<UserRecord>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    tokenForTeamSet(state, action: PayloadAction<string | null>) {
      state.tokenForTeam = action.payload;
    },
    testerLinksToggled(state) {
      state.testerHidesLinks = !state.testerHidesLinks;
    },
    teamsLoading(state) {
      state.teamsStatus = 'loading';
    },
    teamsLoaded(state, action: PayloadAction<TeamRecord[]>) {
      state.teams = action.payload;
      state.teamsStatus = 'loaded';
    },
    teamsFailed(state) {
      state.teamsStatus = 'failed';
    },
  },
});

export const sessionActions = sessionSlice.actions;
