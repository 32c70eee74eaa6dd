import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { catalogApi } from '../features/catalog/api/catalogApi';
import { mockApi } from '../test/utils';
import { appRoutes } from './router';
import { setupStore } from './store';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Opens `url` in a router over the app's routes, without rendering: only the loaders run. */
async function open(url: string) {
  const api = mockApi({
    'GET /api/product': { body: { products: [], pages: 1 } },
    'GET /api/department': { body: [] },
    'GET /api/product/one/p1': { body: { _id: 'p1' } },
  });
  const store = setupStore();
  createMemoryRouter(appRoutes(store.dispatch), { initialEntries: [url] });
  await settled();
  return { store, calls: api.calls };
}

describe('route prefetching', () => {
  it("starts the home page's products (of the page in the address) and departments before it renders", async () => {
    const { store, calls } = await open('/?page=2');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/department',
      '/api/product?page=2&limit=8&includeOutOfStock=true',
    ]);
    // The page's own query is the same cache entry: it asks nothing more.
    await store.dispatch(catalogApi.endpoints.getProducts.initiate({ page: 2 }));
    await store.dispatch(catalogApi.endpoints.getDepartments.initiate());
    expect(calls).toHaveLength(2);
  });

  it('starts a product page’s product while the page’s code loads', async () => {
    const { store, calls } = await open('/product/one/p1');
    expect(calls.map((call) => call.path)).toEqual(['/api/product/one/p1']);
    await store.dispatch(catalogApi.endpoints.getProduct.initiate('p1'));
    expect(calls).toHaveLength(1);
  });
});
