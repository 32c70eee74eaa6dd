import { SORT_OPTIONS, type SortOption } from '@shop/contracts';

/** Where a list keeps its order in its address, so back, reload and a shared link keep it. */
export const SORT_PARAM = 'sortBy';

export const isSortOption = (value: string | null): value is SortOption =>
  SORT_OPTIONS.some((option) => option === value);

/** The order a list's address asks for (`?sortBy=`): none when it names none of ours. */
export function sortOrderOf(params: URLSearchParams): SortOption | null {
  const sortBy = params.get(SORT_PARAM);
  return isSortOption(sortBy) ? sortBy : null;
}
