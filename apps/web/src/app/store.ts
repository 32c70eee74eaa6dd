import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type TypedStartListening,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api, type StoreExtra } from '../api/apiSlice';
import { sessionReducer } from '../features/auth/sessionSlice';
import { registerSessionListeners } from '../features/auth/sessionListeners';
import { cartReducer } from '../features/cart/cartSlice';
import { registerCartListeners } from '../features/cart/cartSync';
import { favouritesReducer } from '../features/favourites/favouritesSlice';
import { registerFavouritesListeners } from '../features/favourites/favouritesSync';
import { registerSignInIntentListener } from '../features/productActions/afterSignIn';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  cart: cartReducer,
  favourites: favouritesReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A store of its own per call, so every test starts clean; the app makes one in main.tsx, the server one
 * per page it renders (`extra` then brings its way to the API).
 */
export function setupStore(preloadedState?: Partial<RootState>, extra: StoreExtra = {}) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  const startListening = listeners.startListening as AppStartListening;
  registerSessionListeners(startListening);
  registerCartListeners(startListening);
  registerFavouritesListeners(startListening);
  registerSignInIntentListener(startListening);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, StoreExtra, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
