import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@shop/contracts';
import { formatPrice } from '../lib/format';
import { aProduct } from '../test/products';
import { ProductCard, type ProductCardActions } from './ProductCard';
import { halfStars } from './Rating';

const product = aProduct({
  name: 'Toshiba Fridge',
  price: 24999,
  stock: 3,
  rating: 3.5,
  numReviews: 2,
  image_path: ['/uploads/fridge.webp'],
  category: { _id: 'c1', name: 'Refrigerators', nameAr: null },
  department: { _id: 'd1', name: 'Home & Kitchen', nameAr: null },
  brand: 'Toshiba',
  weight: 60,
});

function renderCard(overrides: Partial<Product> = {}, actions: Partial<ProductCardActions> = {}) {
  const all: ProductCardActions = {
    isAdmin: false,
    isFavourite: () => false,
    onAddToCart: vi.fn(),
    onToggleFavourite: vi.fn(),
    ...actions,
  };
  const router = createMemoryRouter([
    { path: '/', element: <ProductCard product={{ ...product, ...overrides }} actions={all} /> },
  ]);
  render(<RouterProvider router={router} />);
  return all;
}

describe('ProductCard', () => {
  it('offers the picture’s narrower copies for the card’s width, fetched as it nears the view', () => {
    renderCard();
    const picture = document.querySelector('img.product-card-img');
    expect(picture).toHaveAttribute('src', '/uploads/fridge.webp');
    expect(picture?.getAttribute('srcset')).toBe(
      '/uploads/fridge.webp?w=200 200w, /uploads/fridge.webp?w=400 400w, /uploads/fridge.webp?w=800 800w, /uploads/fridge.webp 1200w',
    );
    expect(picture?.getAttribute('sizes')).toMatch(/50vw$/);
    expect(picture).toHaveAttribute('loading', 'lazy');
  });

  it('shows the name link, EGP price, half-star rating and stock state', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'Toshiba Fridge' })).toHaveAttribute(
      'href',
      '/product/one/p1/toshiba-fridge',
    );
    expect(screen.getByText('EGP 24,999')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(2 reviews)')).toBeInTheDocument();
    expect(screen.getByText('in stock')).toBeInTheDocument();
  });

  it('on sale, strikes the old price through after the price, says it was the price, and shows the saving', () => {
    renderCard({ price: 18750, compareAtPrice: 25000 });
    expect(screen.getByText('EGP 18,750')).toBeInTheDocument();
    const was = screen.getByText('EGP 25,000').closest('s');
    expect(was).toHaveTextContent('Was EGP 25,000');
    expect(screen.getByText('Save EGP 6,250 (25%)')).toBeInTheDocument();
  });

  it('gives shoppers Add to Cart and the heart', async () => {
    const actions = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart: Toshiba Fridge' }));
    expect(actions.onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1' }));
    const heart = screen.getByRole('button', { name: 'Add Toshiba Fridge to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(actions.onToggleFavourite).toHaveBeenCalled();
  });

  it('marks a favourite as pressed', () => {
    renderCard({}, { isFavourite: () => true });
    expect(screen.getByRole('button', { name: 'Remove Toshiba Fridge from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("disables Add to Cart and says 'out of stock' at stock 0", () => {
    renderCard({ stock: 0 });
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart: Toshiba Fridge' })).toBeDisabled();
  });

  it('shows admins the category and no cart or heart', () => {
    renderCard({}, { isAdmin: true });
    const card = screen.getByText('Refrigerators').closest('.card');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).queryAllByRole('button')).toEqual([]);
  });
});

describe('half stars', () => {
  it('rounds a rating to the nearest half star on the 0-5 scale', () => {
    expect(halfStars(3.5)).toBe(3.5);
    expect(halfStars(3.74)).toBe(3.5);
    expect(halfStars(3.76)).toBe(4);
    expect(halfStars(0)).toBe(0);
    expect(halfStars(-1)).toBe(0);
    expect(halfStars(7)).toBe(5);
  });
});

describe('formatPrice', () => {
  // Intl puts a no-break space between the code and the amount, so the two never part at a line end.
  const plain = (value: number) => formatPrice(value).replace(/\s/g, ' ');

  it('formats EGP with grouping, and two decimals only when there are piastres', () => {
    expect(plain(19499)).toBe('EGP 19,499');
    expect(plain(42.75)).toBe('EGP 42.75');
    expect(plain(42.5)).toBe('EGP 42.50');
  });
});
