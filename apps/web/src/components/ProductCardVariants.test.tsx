import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@shop/contracts';
import { tShirt } from '../test/products';
import { ProductCard, type ProductCardActions } from './ProductCard';

function renderCard(overrides: Partial<Product> = {}) {
  const actions: ProductCardActions = {
    isAdmin: false,
    isFavourite: () => false,
    onAddToCart: vi.fn(),
    onToggleFavourite: vi.fn(),
  };
  const router = createMemoryRouter([
    { path: '/', element: <ProductCard product={{ ...tShirt, ...overrides }} actions={actions} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('ProductCard of a product sold in variants', () => {
  it('shows its lowest price as “From” and sends the shopper to its page to choose', () => {
    renderCard();
    expect(screen.getByText('From')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose options: Cotton T-shirt' })).toHaveAttribute(
      'href',
      '/product/one/p1/cotton-t-shirt',
    );
    expect(screen.queryByRole('button', { name: /to cart/ })).not.toBeInTheDocument();
  });

  it('when every variant is sold out, says so and offers no choice', () => {
    renderCard({ stock: 0 });
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose options: Cotton T-shirt' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('on sale, shows its lowest price with the price before the sale struck through and the saving', () => {
    renderCard({ price: 250, compareAtPrice: 400 });
    const price = screen.getByText('From').parentElement;
    expect(price).toHaveTextContent(/^From\sEGP\s250\sWas\sEGP\s400\sSave\sEGP\s150\s\(38%\)$/);
    expect(screen.getByText(/EGP\s400/).closest('s')).not.toBeNull();
  });
});
