import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { CheckoutSteps } from './CheckoutSteps';

const adminSession = { ...shopperSession, user: { ...shopperSession.user, role: true } };

describe('checkout screens are for shoppers', () => {
  it('sends visitors to /login', () => {
    renderCheckout(<p>cart</p>, { path: '/CartPage' });
    expect(screen.getByText('page /login')).toBeInTheDocument();
  });

  it('sends admins, who have no cart, home', () => {
    renderCheckout(<p>cart</p>, { path: '/CartPage', preloadedState: { session: adminSession } });
    expect(screen.getByText('page /')).toBeInTheDocument();
  });

  it('shows the screen to a shopper', () => {
    renderCheckout(<p>cart</p>, { path: '/CartPage', preloadedState: { session: shopperSession } });
    expect(screen.getByText('cart')).toBeInTheDocument();
  });
});

describe('checkout steps bar', () => {
  it('has the 4 steps of the spec, all reached on the order review', () => {
    renderCheckout(<CheckoutSteps step={4} />, { path: '/PlaceOrder', preloadedState: { session: shopperSession } });
    const nav = screen.getByRole('navigation', { name: 'Checkout steps' });
    const labels = [...nav.querySelectorAll('.checkout-step-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Completed: Sign in', 'Completed: Shipping', 'Completed: Payment', 'Place order']);
    expect(nav.querySelectorAll('[data-reached="true"]')).toHaveLength(4);
    expect(screen.getByText('Place order').closest('li')).toHaveAttribute('aria-current', 'step');
    // Earlier steps lead back to where the choice is made.
    expect(screen.getByRole('link', { name: /Shipping/ })).toHaveAttribute('href', '/ShippingAdress');
    expect(screen.getByRole('link', { name: /Payment/ })).toHaveAttribute('href', '/Payment');
  });

  it('marks only the steps reached so far', () => {
    renderCheckout(<CheckoutSteps step={2} />, {
      path: '/ShippingAdress',
      preloadedState: { session: shopperSession },
    });
    const nav = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(nav.querySelectorAll('[data-reached="true"]')).toHaveLength(2);
    expect(screen.getByText('Shipping').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('link', { name: /Payment/ })).not.toBeInTheDocument();
  });
});
