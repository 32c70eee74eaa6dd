export { FilteredList } from './components/FilteredList';
export { NoMatch } from './components/NoMatch';
export { useProductFilters } from './api/useProductFilters';
export { SortMenu } from './components/SortMenu';
