import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { aProduct } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { SearchResultsPage } from './SearchResultsPage';

const renderSearch = (url: string) => renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url });

describe('SearchResultsPage', () => {
  it("says 'No products found for {search}' when nothing matches, once, with nothing to sort or filter", async () => {
    mockApi({ 'GET /api/product/search': { body: { products: [] } } });
    renderSearch('/searchResults/zzz');
    // While it searches, the heading says so: the answer's heading is awaited, not the first one.
    expect(await screen.findByRole('heading', { level: 1, name: /^No products found for zzz$/ })).toBeInTheDocument();
    expect(screen.getAllByText(/No products found|results? for/)).toHaveLength(1);
    expect(screen.queryByText('Sort By')).not.toBeInTheDocument();
    expect(screen.queryByText('Filters')).not.toBeInTheDocument();
  });

  it('keeps Sort By and the filters when the filters left nothing, so they can be changed', async () => {
    mockApi({ 'GET /api/product/search': { body: { products: [] } } });
    renderSearch('/searchResults/zzz?minPrice=90000');
    expect(await screen.findByRole('heading', { level: 1, name: /^No results for “zzz”$/ })).toBeInTheDocument();
    expect(screen.getByText('No products match these filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filters/ })).toBeInTheDocument();
    expect(screen.getByText('Sort By')).toBeInTheDocument();
  });

  it('asks what to look for at an address of blanks, in both languages, and searches nothing', async () => {
    const { calls } = mockApi({});
    renderSearch('/searchResults/%20');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^What are you looking for\?$/);
    expect(screen.getByText('Type a product, brand or category in the search box above.')).toBeInTheDocument();
    expect(screen.queryByText(/No products found|results? for/)).not.toBeInTheDocument();
    expect(screen.queryByText('Sort By')).not.toBeInTheDocument();
    expect(document.title).toBe('Search – EGP Shop');
    try {
      await act(() => changeLanguage('ar'));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^عمّ تبحث؟$/);
    } finally {
      await act(() => changeLanguage('en'));
    }
    expect(calls).toEqual([]);
  });

  it('asks whether the catalogue’s spelling was meant, in each language’s words and question mark', async () => {
    mockApi({
      'GET /api/product/search': {
        body: { products: [], noResults: { spelling: 'laptop', categories: [], bestSellers: [] } },
      },
    });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/lapdop' });
    const link = await screen.findByRole('link', { name: 'laptop' });
    expect(link.closest('p')).toHaveTextContent(/^Did you mean laptop\?$/);
    try {
      await act(() => changeLanguage('ar'));
      expect(link.closest('p')).toHaveTextContent(/^هل تقصد laptop؟$/);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('says the same when the search fails', async () => {
    mockApi({ 'GET /api/product/search': { status: 500, body: { message: 'boom' } } });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/tv' });
    expect(await screen.findByText('No products found for tv')).toBeInTheDocument();
  });

  it('gives the page the head the server gives it', async () => {
    mockApi({ 'GET /api/product/search': { body: { products: [] } } });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/tv%20stand' });
    await screen.findByText('No products found for tv stand');
    expect(document.title).toBe('tv stand – Search – EGP Shop');
    const head = (selector: string, attribute = 'content') =>
      document.head.querySelector(selector)?.getAttribute(attribute);
    expect(head('meta[name="description"]')).toBe('Products matching “tv stand” at EGP Shop.');
    expect(head('link[rel="canonical"]', 'href')).toBe(`${window.location.origin}/searchResults/tv%20stand`);
  });

  it('searches again with the chosen sort order', async () => {
    const { calls } = mockApi({ 'GET /api/product/search': { body: { products: [aProduct()] } } });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/tv' });
    await userEvent.click(await screen.findByText('Sort By'));
    await userEvent.click(screen.getByRole('link', { name: 'Avg. Customer review' }));
    await screen.findByText(/: Avg. Customer review/);
    expect(calls.map((call) => call.path)).toContain(
      '/api/product/search?name=tv&includeOutOfStock=true&sortBy=Avg.+Customer+review',
    );
  });
});
