import { useMatches } from 'react-router';

/** Which parts of the page frame a route shows; a route says so in its `handle`. */
export interface RouteChrome {
  header: boolean;
  search: boolean;
  footer: boolean;
}

export interface RouteHandle {
  chrome?: Partial<RouteChrome>;
}

const FULL: RouteChrome = { header: true, search: true, footer: true };

const chromeOf = (handle: unknown): Partial<RouteChrome> | undefined =>
  typeof handle === 'object' && handle !== null && 'chrome' in handle ? (handle as RouteHandle).chrome : undefined;

/** The deepest route that speaks wins, so a nested screen can switch off what its parent shows. */
export function useRouteChrome(): RouteChrome {
  return useMatches().reduce<RouteChrome>((chrome, match) => ({ ...chrome, ...chromeOf(match.handle) }), FULL);
}
