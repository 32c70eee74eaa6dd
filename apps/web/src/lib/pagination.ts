/** Pages start at 1; Prev never goes below 1 and Next never above the page count. */
export function clampPage(page: number, pages: number): number {
  const last = Math.max(1, Math.floor(pages) || 1);
  const wanted = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(last, Math.max(1, wanted));
}

export const hasPrevious = (page: number) => page > 1;
export const hasNext = (page: number, pages: number) => page < pages;

/** The page number in a `?page=` value; anything that is not a positive whole number is page 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query of `page` of a list at `search`: its other parameters (a sort, a filter) kept, and no `page` for page 1. */
export function withPage(search: string | URLSearchParams, page: number): URLSearchParams {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  return params;
}
