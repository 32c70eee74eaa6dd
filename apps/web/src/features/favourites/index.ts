export { toggleFavourite } from './favouritesActions';
export { selectFavourites } from './favouritesSlice';
