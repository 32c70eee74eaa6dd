import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@shop/contracts';
import { isRecord } from '../../lib/guards';

/** Local storage key of the favourites list. */
export const FAVOURITES_KEY = 'favourites';

export interface FavouritesState {
  items: Product[];
}

const initialState: FavouritesState = { items: [] };

const favouritesSlice = createSlice({
  name: 'favourites',
  initialState,
  reducers: {
    favouriteAdded: (state, action: PayloadAction<Product>) => {
      if (!state.items.some((item) => item._id === action.payload._id)) state.items.push(action.payload);
    },
    favouriteRemoved: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((item) => item._id !== action.payload);
    },
    favouritesReplaced: (_state, action: PayloadAction<Product[]>) => ({ items: action.payload }),
    favouritesCleared: () => initialState,
  },
});

export const { favouriteAdded, favouriteRemoved, favouritesReplaced, favouritesCleared } = favouritesSlice.actions;
export const favouritesReducer = favouritesSlice.reducer;

/** Saved favourites; entries that are not products (an old or hand-edited copy) are dropped. */
export function restoreFavourites(stored: unknown): FavouritesState {
  if (!Array.isArray(stored)) return initialState;
  const items = stored.filter(
    (item): item is Product =>
      isRecord(item) &&
      typeof item._id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.price === 'number' &&
      Array.isArray(item.image_path),
  );
  return { items };
}

interface WithFavourites {
  favourites: FavouritesState;
}
export const selectFavourites = (state: WithFavourites) => state.favourites.items;
