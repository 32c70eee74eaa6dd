import { describe, expect, it, vi } from 'vitest';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { screen, within } from '@testing-library/react';
import { ORDER_STATUSES, STATS_DAYS, STATS_LIST_SIZE, type AdminStats } from '@shop/contracts';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { OverviewPage } from './OverviewPage';

const none = { revenue: 0, orders: 0 };
const statsWithLowStock = (total: number, shown: number): AdminStats => ({
  generatedAt: '2025-03-05T10:00:00.000Z',
  sales: { today: none, last7Days: none, last30Days: none },
  daily: Array.from({ length: STATS_DAYS }, (_, day) => ({
    date: `2025-02-${String(day + 1).padStart(2, '0')}`,
    ...none,
  })),
  ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as AdminStats['ordersByStatus'],
  lowStock: {
    total,
    products: Array.from({ length: shown }, (_, i) => ({
      _id: `product-${i}`,
      name: `Low product ${i}`,
      nameAr: null,
      stock: i % 6,
      lowSizes: [],
      image_path: null,
    })),
  },
  recentOrders: [],
  reviewsAwaiting: 0,
  abandonedCarts: { count: 0, value: 0 },
});

const renderOverview = (stats: AdminStats) => {
  mockApi({ 'GET /api/admin/stats': { body: stats } });
  return renderRoute(<OverviewPage />, { path: '/dashboard', preloadedState: { session: adminSession } });
};

describe('the overview’s products low on stock', () => {
  it('links to all of them on the products screen when the card shows only the first few', async () => {
    renderOverview(statsWithLowStock(27, STATS_LIST_SIZE));
    expect(await screen.findByText('27 products are low on stock.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 27' })).toHaveAttribute(
      'href',
      '/dashboard/DashProducts?stock=low',
    );
  });

  it('has no such link when the card shows them all', async () => {
    renderOverview(statsWithLowStock(3, 3));
    expect(await screen.findByText('3 products are low on stock.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });
});

describe('the overview’s product sold in variants with one low in stock', () => {
  it('gives its total, and names each variant low with what is left', async () => {
    const size = (value: string) => [{ name: 'Size', nameAr: 'المقاس', value, valueAr: null }];
    const stats = statsWithLowStock(1, 0);
    stats.lowStock.products = [
      {
        _id: 'hoodie',
        name: 'Fleece Hoodie',
        nameAr: null,
        stock: 40,
        lowSizes: [
          { options: size('L'), stock: 0 },
          { options: size('M'), stock: 2 },
        ],
        image_path: null,
      },
    ];
    renderOverview(stats);
    const low = await screen.findByRole('list', { name: 'Variants low in stock' });
    expect(
      within(low)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['L Out of stock', 'M 2 left']);
    expect(screen.getByText('40 in all')).toBeInTheDocument();
  });
});

describe('the overview’s reviews', () => {
  it('says how many wait for an answer and leads to them', async () => {
    renderOverview({ ...statsWithLowStock(0, 0), reviewsAwaiting: 3 });
    expect(await screen.findByText(/^3 reviews are waiting for your answer\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer them' })).toHaveAttribute(
      'href',
      '/dashboard/reviews?awaiting=true',
    );
  });

  it('is not shown to a member who may not answer reviews', async () => {
    mockApi({
      'GET /api/admin/stats': { body: { ...statsWithLowStock(0, 0), reviewsAwaiting: 3 } },
      'GET /api/staff/me': { body: { role: 'accounts', permissions: ['reports.read'] } },
    });
    const { store } = renderRoute(<OverviewPage />, {
      path: '/dashboard',
      preloadedState: { session: adminSession },
    });
    expect(await screen.findByText('Every product is well stocked.')).toBeInTheDocument();
    // Once the page knows what the member's role allows.
    await vi.waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getStaffSelf' && query.status === QueryStatus.fulfilled,
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument();
    // Nor the abandoned carts, which need customers.read.
    expect(screen.queryByRole('heading', { name: 'Abandoned carts' })).not.toBeInTheDocument();
  });
});

describe('the overview’s abandoned carts', () => {
  it('says how many and what they hold, and leads to them', async () => {
    renderOverview({ ...statsWithLowStock(0, 0), abandonedCarts: { count: 4, value: 1250 } });
    expect(await screen.findByText(/^4 abandoned carts, worth EGP 1,250 at today’s prices\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See them' })).toHaveAttribute('href', '/dashboard/carts');
  });

  it('says none are abandoned when none are', async () => {
    renderOverview(statsWithLowStock(0, 0));
    const card = (await screen.findByRole('heading', { name: 'Abandoned carts' })).parentElement as HTMLElement;
    expect(card).toHaveTextContent('No abandoned carts');
  });
});

describe('the overview’s revenue chart', () => {
  it('leads to the sales report, where any period is broken down', async () => {
    renderOverview(statsWithLowStock(0, 0));
    expect(await screen.findByRole('link', { name: 'See the sales report' })).toHaveAttribute(
      'href',
      '/dashboard/sales',
    );
  });
});
