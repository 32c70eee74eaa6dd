import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage, pageFromParam, withPage } from '../lib/pagination';

/** The current page kept in `?page=N`, so reload, back and a shared link land on the same page. */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams((current) => withPage(current, next), { replace: options?.replace ?? false }),
    [setParams],
  );

  return { page, setPage };
}

/** Once the page count is known, a page past the end (an old link, fewer products now) becomes the last one. */
export function usePageBounds(
  page: number,
  pages: number | undefined,
  setPage: (page: number, options: { replace: boolean }) => void,
) {
  useEffect(() => {
    if (pages === undefined) return;
    const bounded = clampPage(page, pages);
    if (bounded !== page) setPage(bounded, { replace: true });
  }, [page, pages, setPage]);
}

/** Sets a filter of a list kept in the address (an empty value takes it off): the list starts again at its first page. */
export function useListFilter<Name extends string>() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (name: Name, value: string, options?: { replace: boolean }) =>
      setParams((current) => {
        const next = withPage(current, 1);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }, options),
    [setParams],
  );
}
