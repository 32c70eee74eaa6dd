import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { paths } from '../lib/paths';
import { RouteError } from './RouteError';
import { appRoutes } from './router';
import { setupStore } from './store';

const routes = appRoutes(setupStore().dispatch);
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);

describe('routes', () => {
  it('serves /user like /User and /SearchResults/{search} like /searchResults/{query}', () => {
    expect(leaf('/user')?.route.path).toBe('User');
    expect(leaf('/User')?.route.path).toBe('User');
    const search = leaf('/SearchResults/Samsung%20TV');
    expect(search?.route.path).toBe('searchResults/:query');
    expect(search?.params.query).toBe('Samsung TV');
  });

  it('hides the navbar on /login and /signup only', () => {
    expect(leaf('/login')?.route.handle).toEqual({ chrome: { header: false, search: false, footer: false } });
    expect(leaf('/signup')?.route.handle).toEqual({ chrome: { header: false, search: false, footer: false } });
    expect(leaf('/forgot-password')?.route.handle).toBeUndefined();
  });

  it('serves every path the links are built from', () => {
    const built = Object.values(paths).map((path) => (typeof path === 'string' ? path : path('a1 b/2')));
    expect(built).toContain('/searchResults/a1%20b%2F2');
    expect(built).toContain('/AddReview?product=a1%20b%2F2');
    for (const path of built) expect(leaf(path.split('?')[0] ?? path)?.route.path, path).not.toBe('*');
  });

  it('sends any other path to the not-found screen', () => {
    expect(leaf('/no/such/page')?.route.path).toBe('*');
  });
});

describe('RouteError', () => {
  it("titles any failure 'Unexpected Application Error!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('chunk failed to load');
    }
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('chunk failed to load')).toBeInTheDocument();
  });
});
