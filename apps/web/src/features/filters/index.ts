export { FilteredList } from './components/FilteredList';
export { NoMatch } from './components/NoMatch';
export { activeFilterCount, useProductFilters } from './api/useProductFilters';
export { SortMenu } from './components/SortMenu';
