import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageHead } from './PageHead';

/** The head as the server sends a storefront page (apps/api/src/modules/seo/head.ts), for the tags the app keeps. */
const SERVER_HEAD = `
  <meta name="description" content="The first page." />
  <link rel="canonical" href="https://shop.example/first" />
  <meta property="og:title" content="First – EGP Shop" />
  <meta property="og:description" content="The first page." />
  <meta property="og:url" content="https://shop.example/first" />
  <meta property="og:image" content="https://shop.example/uploads/first.webp" />`;

const tag = (selector: string) => document.head.querySelectorAll(selector);
const value = (selector: string) => {
  const found = tag(selector);
  expect(found, selector).toHaveLength(1);
  return found[0]?.getAttribute(selector.startsWith('link') ? 'href' : 'content');
};

function renderPages(url: string, basename?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/product/one/:id',
        element: (
          <PageHead
            title="Kettle – EGP Shop"
            description="Boils water."
            path="/product/one/k1"
            image="/uploads/k.webp"
          />
        ),
      },
      { path: '/about', element: <PageHead title="About us – EGP Shop" description="About the shop." path="/about" /> },
      { path: '/CartPage', element: <title>Cart</title> },
    ],
    { initialEntries: [url], basename },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  for (const element of document.head.querySelectorAll('meta, link')) element.remove();
});

describe('PageHead', () => {
  it('brings the server’s description, canonical and Open Graph tags to the page, in place', () => {
    document.head.insertAdjacentHTML('beforeend', SERVER_HEAD);
    const [description, canonical] = [tag('meta[name="description"]')[0], tag('link[rel="canonical"]')[0]];
    renderPages('/product/one/k1');
    const origin = window.location.origin;
    expect(document.title).toBe('Kettle – EGP Shop');
    expect(value('meta[name="description"]')).toBe('Boils water.');
    expect(value('link[rel="canonical"]')).toBe(`${origin}/product/one/k1`);
    expect(value('meta[property="og:title"]')).toBe('Kettle – EGP Shop');
    expect(value('meta[property="og:description"]')).toBe('Boils water.');
    expect(value('meta[property="og:url"]')).toBe(`${origin}/product/one/k1`);
    expect(value('meta[property="og:image"]')).toBe(`${origin}/uploads/k.webp`);
    // The same elements, not new ones beside them.
    expect(tag('meta[name="description"]')[0]).toBe(description);
    expect(tag('link[rel="canonical"]')[0]).toBe(canonical);
  });

  it('follows in-app navigation: a page without a picture drops it, one without a head of its own drops them all', async () => {
    const router = renderPages('/product/one/k1');
    const canonical = tag('link[rel="canonical"]')[0];
    await act(() => router.navigate('/about'));
    expect(document.title).toBe('About us – EGP Shop');
    expect(value('meta[name="description"]')).toBe('About the shop.');
    expect(value('meta[property="og:url"]')).toBe(`${window.location.origin}/about`);
    expect(tag('link[rel="canonical"]')[0]).toBe(canonical);
    expect(tag('meta[property="og:image"]')).toHaveLength(0);

    await act(() => router.navigate('/CartPage'));
    for (const selector of ['meta[name="description"]', 'link[rel="canonical"]', 'meta[property^="og:"]'])
      expect(tag(selector), selector).toHaveLength(0);
  });

  it('gives an Arabic page its /ar address', () => {
    renderPages('/ar/about', '/ar');
    expect(value('link[rel="canonical"]')).toBe(`${window.location.origin}/ar/about`);
  });
});
