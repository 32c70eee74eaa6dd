export { loadServerFavourites, toggleFavourite } from './favouritesActions';
export { selectFavourites } from './favouritesSlice';
