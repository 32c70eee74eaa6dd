import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { MAX_PAGE_SIZE } from '@shop/contracts';
import { catalogApi, categoryProductsArgs } from '../features/catalog/api/catalogApi';
import { mockApi } from '../test/utils';
import { appRoutes } from './router';
import { setupStore } from './store';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Opens `url` in a router over the app's routes, without rendering: only the loaders run. */
async function open(url: string) {
  const api = mockApi({
    'GET /api/product': { body: { products: [], pages: 1 } },
    'GET /api/department': { body: [] },
    'GET /api/home': { body: { banners: [], onSale: [], bestSellers: [] } },
    'GET /api/product/one/p1': { body: { _id: 'p1' } },
    'GET /api/category': { body: [] },
    'GET /api/category/dept/d1': { body: [] },
    'GET /api/product/search': { body: { products: [] } },
    'GET /api/shop': { body: {} },
    'GET /api/shipping/delivery-days': { body: { days: [], openBeforeAccepting: false } },
  });
  const store = setupStore();
  createMemoryRouter(appRoutes(store.dispatch), { initialEntries: [url] });
  await settled();
  // Every page starts the footer's shop details (their own test below): taken out of the list, which the tests
  // go on reading as the page asks for more.
  const footer = api.calls.filter((call) => call.path === '/api/shop');
  for (let at = api.calls.length - 1; at >= 0; at--) if (api.calls[at]?.path === '/api/shop') api.calls.splice(at, 1);
  return { store, calls: api.calls, footer };
}

describe('route prefetching', () => {
  it("starts the home page's banners and rows, products (of the page in the address) and departments before it renders", async () => {
    const { store, calls } = await open('/?page=2');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/department',
      '/api/home',
      '/api/product?page=2&limit=8&includeOutOfStock=true',
    ]);
    // The page's own query is the same cache entry: it asks nothing more.
    await store.dispatch(catalogApi.endpoints.getProducts.initiate({ page: 2 }));
    await store.dispatch(catalogApi.endpoints.getDepartments.initiate());
    await store.dispatch(catalogApi.endpoints.getHome.initiate());
    expect(calls).toHaveLength(3);
  });

  it('starts a product page’s product and the delivery days it promises while the page’s code loads', async () => {
    const { store, calls } = await open('/product/one/p1');
    expect(calls.map((call) => call.path)).toEqual(['/api/product/one/p1', '/api/shipping/delivery-days']);
    await store.dispatch(catalogApi.endpoints.getProduct.initiate('p1'));
    expect(calls).toHaveLength(2);
  });

  it("starts the footer's shop details on every page, once", async () => {
    for (const url of ['/', '/product/one/p1', '/pages/returns', '/about']) {
      const { footer } = await open(url);
      expect(footer, url).toHaveLength(1);
    }
  });

  it('starts a category page’s products, and the categories and departments it is named from', async () => {
    const { store, calls } = await open('/product/category/c1');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/category',
      '/api/department',
      `/api/product?page=1&limit=${MAX_PAGE_SIZE}&includeOutOfStock=true&category=c1`,
    ]);
    await store.dispatch(catalogApi.endpoints.getProducts.initiate(categoryProductsArgs('c1')));
    expect(calls).toHaveLength(3);
  });

  it('starts a category’s and a search’s products with the filters of the address', async () => {
    const category = await open('/product/category/c1?brand=LG&brand=Sony&maxPrice=900&rating=4&cod=true&page=2');
    expect(category.calls.map((call) => call.path)).toContain(
      `/api/product?page=1&limit=${MAX_PAGE_SIZE}&includeOutOfStock=true&category=c1&brand=LG&brand=Sony&maxPrice=900&rating=4&cod=true`,
    );
    // The page asks for the same list: one request, not two.
    const filters = { brand: ['LG', 'Sony'], maxPrice: 900, rating: 4, cod: true };
    await category.store.dispatch(catalogApi.endpoints.getProducts.initiate(categoryProductsArgs('c1', filters)));
    expect(category.calls).toHaveLength(3);
    // A filter that breaks its rule is left out rather than sent.
    const search = await open('/searchResults/tv?inStock=true&rating=9');
    expect(search.calls.map((call) => call.path)).toEqual([
      '/api/product/search?name=tv&includeOutOfStock=true&inStock=true',
    ]);
  });

  it('starts a department page’s categories and the page of products in the address', async () => {
    const { calls } = await open('/department/d1?page=3');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/category/dept/d1',
      '/api/department',
      '/api/product?page=3&limit=8&includeOutOfStock=true&department=d1',
    ]);
  });

  it('starts a category’s and a department’s products in the order the address asks for', async () => {
    const order = `sortBy=${encodeURIComponent('Price: High to Low')}`;
    const sent = order.replace(/%20/g, '+');
    const category = await open(`/product/category/c1?${order}`);
    expect(category.calls.map((call) => call.path)).toContain(
      `/api/product?page=1&limit=${MAX_PAGE_SIZE}&includeOutOfStock=true&category=c1&${sent}`,
    );
    // The page asks for the same list: one request, not two.
    const args = categoryProductsArgs('c1', {}, 'Price: High to Low');
    await category.store.dispatch(catalogApi.endpoints.getProducts.initiate(args));
    expect(category.calls).toHaveLength(3);
    const department = await open(`/department/d1?${order}`);
    expect(department.calls.map((call) => call.path)).toContain(
      `/api/product?page=1&limit=8&includeOutOfStock=true&department=d1&${sent}`,
    );
  });

  it('starts a search in the order the address asks for, and none for a blank text', async () => {
    const { calls } = await open(
      `/searchResults/${encodeURIComponent(' tv ')}?sortBy=${encodeURIComponent('Price: Low to High')}`,
    );
    expect(calls.map((call) => call.path)).toEqual([
      `/api/product/search?name=tv&includeOutOfStock=true&sortBy=${encodeURIComponent('Price: Low to High').replace(/%20/g, '+')}`,
    ]);
    expect((await open('/searchResults/%20')).calls).toEqual([]);
  });
});
