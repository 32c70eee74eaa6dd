import { isAnyOf } from '@reduxjs/toolkit';
import { sessionRejected } from '../../api/apiSlice';
import type { AppStartListening } from '../../app/store';
import { writeJson } from '../../lib/storage';
import { sessionResumed, signedIn, signedOut } from '../auth';
import { FAVOURITES_KEY, favouritesCleared } from './favouritesSlice';
import { loadServerFavourites } from './favouritesActions';

export function registerFavouritesListeners(startListening: AppStartListening) {
  startListening({
    predicate: (_action, current, previous) => current.favourites.items !== previous.favourites.items,
    effect: (_action, { getState }) => writeJson(FAVOURITES_KEY, getState().favourites.items),
  });

  // The server keeps a signed-in shopper's favourites across devices; admins have none.
  startListening({
    matcher: isAnyOf(signedIn, sessionResumed),
    effect: (_action, { dispatch, getState }) => {
      if (getState().session.user?.role) dispatch(favouritesCleared());
      else void dispatch(loadServerFavourites());
    },
  });

  startListening({
    matcher: isAnyOf(signedOut, sessionRejected),
    effect: (_action, { dispatch }) => {
      dispatch(favouritesCleared());
    },
  });
}
