import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import type { Session } from '@shop/contracts';
import { setupStore } from '../../../app/store';
import { appRoutes } from '../../../app/router';
import { mockApi, adminSession, shopperSession } from '../../../test/utils';
import { DashboardLayout } from './DashboardLayout';

beforeEach(() => {
  // jsdom has no media queries; the navigation asks whether the screen is wide (it is, here).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
});

function renderDashboard(url: string, session: Session | null) {
  const store = setupStore(session ? { session } : undefined);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <p>login page</p> },
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { index: true, element: <p>overview screen</p> },
          { path: 'orders', element: <p>orders screen</p> },
          { path: 'UserOrder/:userID', element: <p>user orders screen</p> },
          { path: 'alerts', element: <p>alerts screen</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

// Rendering through the store and router takes seconds on a busy machine; the default 5 s is tight.
describe('the dashboard guard', () => {
  it('sends visitors to /login', async () => {
    const router = renderDashboard('/dashboard/UserOrder/u1', null);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends shoppers home', async () => {
    const router = renderDashboard('/dashboard', shopperSession);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets admins in, with the side navigation marking where they are', async () => {
    mockApi({});
    renderDashboard('/dashboard/UserOrder/u1', adminSession);
    expect(await screen.findByText('user orders screen')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav).toBeInTheDocument();
    // A user's orders belong under Users.
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All logs' })).toHaveAttribute('href', '/dashboard/logs');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/orders');
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/dashboard/staff');
  });

  it("shows a staff member only their role's entries and screens, and opens on their first one", async () => {
    mockApi({
      'GET /api/staff/me': { body: { role: 'orders', permissions: ['orders.read', 'orders.move'] } },
    });
    const router = renderDashboard('/dashboard', adminSession);
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/orders');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    // The orders, and the member's own alerts about them.
    expect(Array.from(nav.querySelectorAll('a'), (a) => a.textContent)).toEqual(['Orders', 'Your alerts']);
    await router.navigate('/dashboard/UserOrder/u1');
    expect(await screen.findByText('Your role does not include this part of the dashboard.')).toBeInTheDocument();
    expect(screen.queryByText('user orders screen')).not.toBeInTheDocument();
    // The refusal is named as its screen: the tab, and the heading a screen reader starts from.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Users');
    await waitFor(() => expect(document.title).toBe('Users – Dashboard – EGP Shop'));
  });

  it('opens Your alerts to a role that may take any alert, the reports’ alone', async () => {
    mockApi({ 'GET /api/staff/me': { body: { role: 'accounts', permissions: ['reports.read'] } } });
    const router = renderDashboard('/dashboard/alerts', adminSession);
    expect(await screen.findByText('alerts screen')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(Array.from(nav.querySelectorAll('a'), (a) => a.textContent)).toEqual([
      'Overview',
      'Sales',
      'Cash on delivery',
      'Your alerts',
    ]);
    expect(screen.getByRole('link', { name: 'Your alerts' })).toHaveAttribute('aria-current', 'page');
    await router.navigate('/dashboard/orders');
    expect(await screen.findByText('Your role does not include this part of the dashboard.')).toBeInTheDocument();
  });

  it('keeps Your alerts from a role that may take none of them', async () => {
    mockApi({ 'GET /api/staff/me': { body: { role: 'desk', permissions: ['customers.read'] } } });
    renderDashboard('/dashboard/alerts', adminSession);
    expect(await screen.findByText('Your role does not include this part of the dashboard.')).toBeInTheDocument();
    expect(screen.queryByText('alerts screen')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your alerts' })).not.toBeInTheDocument();
  });

  it("refuses a user's orders to a role with the customers but not the orders", async () => {
    mockApi({ 'GET /api/staff/me': { body: { role: 'desk', permissions: ['customers.read'] } } });
    renderDashboard('/dashboard/UserOrder/u1', adminSession);
    expect(await screen.findByText('Your role does not include this part of the dashboard.')).toBeInTheDocument();
    expect(screen.queryByText('user orders screen')).not.toBeInTheDocument();
    // Still under Users, the entry the role has.
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the dashboard routes', () => {
  const routes = appRoutes(setupStore().dispatch);
  const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

  it('serves every screen under /dashboard, without the footer', () => {
    for (const path of [
      '/dashboard',
      '/dashboard/DashProducts',
      '/dashboard/orders',
      '/dashboard/Users',
      '/dashboard/UserOrder/u1',
      '/dashboard/Categories',
      '/dashboard/DepartmentsAdmin',
      '/dashboard/Shipping',
      '/dashboard/logs',
    ]) {
      expect(leaf(path)?.path, path).not.toBe('*');
    }
    expect(matchRoutes(routes, '/dashboard/Users')?.[1]?.route.handle).toEqual({ chrome: { footer: false } });
  });
});
