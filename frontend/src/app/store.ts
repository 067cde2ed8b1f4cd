import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice, persistAuthState } from '../features/auth/auth.slice';
import { contentSlice } from '../features/content/content.slice';
import { baseApi } from '../shared/api/base-api';
import { STORAGE_KEYS, writeStored } from '../shared/storage/local-state';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  auth: authSlice.reducer,
  content: contentSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A store whose auth and logo state are read from and written to localStorage. */
export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  let previous = store.getState();
  store.subscribe(() => {
    const next = store.getState();
    if (next.auth.user !== previous.auth.user || next.auth.token !== previous.auth.token) persistAuthState(next.auth);
    if (next.content.logoUrl !== previous.content.logoUrl) writeStored(STORAGE_KEYS.logo, next.content.logoUrl);
    previous = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
