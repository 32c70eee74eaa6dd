import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryDays, ProductDetail } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { aProduct, tShirt } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { reviewPages } from '../../../test/reviews';
import { ProductPage } from './ProductPage';

/** The product page's promises: no delivery is promised for what cannot be bought. */
function open(
  product: ProductDetail,
  url = '/product/one/p1',
  days: DeliveryDays[] = [{ governorate: 'Cairo', minDays: 1, maxDays: 2 }],
  openBeforeAccepting = false,
) {
  const api = mockApi({
    'GET /api/product/one/p1': { body: product },
    'GET /api/review/product/p1/page': reviewPages(),
    'GET /api/shipping/delivery-days': { body: { days, openBeforeAccepting } },
  });
  renderRoute(<ProductPage />, { path: '/product/one/:id', url });
  return api;
}

describe("the product page's delivery promise", () => {
  it('says when an item in stock arrives in the chosen governorate', async () => {
    open(aProduct({ stock: 3 }));
    expect(await screen.findByText('Arrives in 1–2 days to')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Governorate to deliver to' })).toHaveValue('Cairo');
  });

  it('promises no delivery of a product out of stock, and still tells of returns', async () => {
    open(aProduct({ stock: 0 }));
    expect(await screen.findByText('out of stock')).toBeInTheDocument();
    expect(screen.getByText('Returns within 14 days')).toBeInTheDocument();
    expect(screen.queryByText(/Arrives in/)).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery to')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Governorate to deliver to' })).not.toBeInTheDocument();
  });

  it('follows the variant chosen: none for a sold-out one, the estimate again for one in stock', async () => {
    open(tShirt, '/product/one/p1?variant=v-m-blue');
    expect(await screen.findByText('TEE-M-BLUE')).toBeInTheDocument();
    expect(screen.queryByText(/Arrives in/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Red' }));
    expect(await screen.findByText('TEE-M-RED')).toBeInTheDocument();
    expect(await screen.findByText('Arrives in 1–2 days to')).toBeInTheDocument();
  });

  it('says the parcel may be opened at the door only where the shop allows it, and only for what can be bought', async () => {
    const cairo = [{ governorate: 'Cairo' as const, minDays: 1, maxDays: 2 }];
    open(aProduct({ stock: 3 }), '/product/one/p1', cairo, true);
    expect(await screen.findByText('Check it at the door')).toBeInTheDocument();
    expect(
      screen.getByText('Open the parcel and see what you ordered before you accept it.').closest('li'),
    ).toHaveTextContent(/^Check it at the door/);
    cleanup();
    open(aProduct({ stock: 3 }), '/product/one/p1', cairo, false);
    expect(await screen.findByText('Arrives in 1–2 days to')).toBeInTheDocument();
    expect(screen.queryByText('Check it at the door')).not.toBeInTheDocument();
    cleanup();
    const { calls } = open(aProduct({ stock: 0 }), '/product/one/p1', cairo, true);
    expect(await screen.findByText('Returns within 14 days')).toBeInTheDocument();
    expect(screen.queryByText('Check it at the door')).not.toBeInTheDocument();
    // Not even asked: nothing about delivering it can show later.
    expect(calls.map((call) => call.path)).not.toContain('/api/shipping/delivery-days');
  });

  describe('in Arabic', () => {
    afterEach(() => changeLanguage('en'));

    it('words each range as Arabic counts days: in words to two, then by the last number', async () => {
      await changeLanguage('ar');
      open(aProduct({ stock: 3 }), '/product/one/p1', [
        { governorate: 'Cairo', minDays: 1, maxDays: 2 },
        { governorate: 'Giza', minDays: 0, maxDays: 1 },
        { governorate: 'Alexandria', minDays: 2, maxDays: 4 },
        { governorate: 'Aswan', minDays: 7, maxDays: 14 },
        { governorate: 'Luxor', minDays: 3, maxDays: 3 },
        { governorate: 'Suez', minDays: 0, maxDays: 2 },
      ]);
      const estimate = () => document.querySelector('.product-promises .fw-semibold')?.textContent;
      expect(await screen.findByText('يصل خلال يوم أو يومين إلى')).toBeInTheDocument();
      const governorate = screen.getByRole('combobox', { name: 'محافظة التوصيل' });
      for (const [value, text] of [
        ['Giza', 'يصل اليوم أو غدًا إلى'],
        ['Alexandria', 'يصل خلال 2–4 أيام إلى'],
        ['Aswan', 'يصل خلال 7–14 يومًا إلى'],
        ['Luxor', 'يصل خلال 3 أيام إلى'],
        ['Suez', 'يصل خلال يومين إلى'],
      ]) {
        await userEvent.selectOptions(governorate, value as string);
        expect(estimate()).toBe(text);
      }
    });
  });
});
