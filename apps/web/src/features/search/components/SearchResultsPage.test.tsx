import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute } from '../../../test/utils';
import { SearchResultsPage } from './SearchResultsPage';

describe('SearchResultsPage', () => {
  it("says 'No products found for {search}' when nothing matches", async () => {
    mockApi({ 'GET /api/product/search': { body: { products: [] } } });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/zzz' });
    expect(await screen.findByText('No products found for zzz')).toBeInTheDocument();
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
    const { calls } = mockApi({ 'GET /api/product/search': { body: { products: [] } } });
    renderRoute(<SearchResultsPage />, { path: '/searchResults/:query', url: '/searchResults/tv' });
    await userEvent.click(await screen.findByText('Sort By'));
    await userEvent.click(screen.getByRole('link', { name: 'Avg. Customer review' }));
    await screen.findByText(/: Avg. Customer review/);
    expect(calls.map((call) => call.path)).toContain(
      '/api/product/search?name=tv&includeOutOfStock=true&sortBy=Avg.+Customer+review',
    );
  });
});
