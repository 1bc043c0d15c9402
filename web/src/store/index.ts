import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { liveSlice } from './liveSlice';
import { sessionSlice } from './sessionSlice';
import { showSettingsSlice } from './showSettingsSlice';
import { uiSlice } from './uiSlice';

export function createAppStore() {
  return configureStore({
    reducer: {
      session: sessionSlice.reducer,
      live: liveSlice.reducer,
      ui: uiSlice.reducer,
      showSettings: showSettingsSlice.reducer,
    },
  });
}

export const store = createAppStore();

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
