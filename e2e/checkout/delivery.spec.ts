import { DEFAULT_SHIPPING_RATES, orderRef, type ShippingRates } from '@shop/contracts';
import { demoAdmin, newShopper, signIn, type Account } from '../support/accounts';
import { ar, openInArabic } from '../support/arabic';
import { confirmByMail, newestMailTo } from '../support/outbox';
import {
  addToCart,
  ADDRESS,
  chooseCheckout,
  demoProduct,
  egp,
  expect,
  itemsTotal,
  placeOrder,
  SLOTS,
  test,
  type ApiOrder,
} from './helpers';

/** Aswan is far from the warehouses: the admin prices it above the default 21 EGP. */
const ASWAN_BASE = 45;
const ASWAN = { ...ADDRESS, street: 'Corniche El Nil', building: '3', city: 'Aswan', state: 'Aswan', zipCode: '81511' };

const auth = (account: Account) => ({ 'x-access-token': account.token });

/** Every other governorate keeps the default prices, so the other checkout tests see 21 + 9 EGP. */
const RATES: ShippingRates = {
  ...DEFAULT_SHIPPING_RATES,
  rates: DEFAULT_SHIPPING_RATES.rates.map((rate) =>
    rate.governorate === 'Aswan' ? { ...rate, base: ASWAN_BASE } : rate,
  ),
};

const LANGUAGES = [
  {
    name: 'English',
    slot: SLOTS.delivery,
    text: {
      shipping: 'Shipping and handling',
      placeOrder: 'Place Order',
      confirmMail: (ref: string) => `Please confirm your order ${ref}`,
      shipped: 'Shipped',
      cancelled: 'Cancelled',
      order: (ref: string) => `Order #${ref}`,
      cancelNamed: (ref: string) => `Cancel order #${ref}`,
      cancelTitle: (ref: string) => `Cancel order #${ref}?`,
      cancel: 'Cancel order',
      reason: 'Reason (optional)',
    },
  },
  {
    name: 'Arabic',
    slot: SLOTS.deliveryArabic,
    text: {
      shipping: ar('checkout.summary.shipping'),
      placeOrder: ar('checkout.review.placeOrder'),
      confirmMail: (ref: string) => `يرجى تأكيد طلبك ${ref}`,
      shipped: ar('checkout.orders.status.shipped'),
      cancelled: ar('checkout.orders.status.cancelled'),
      order: (ref: string) => ar('checkout.orders.number', { ref }),
      cancelNamed: (ref: string) => ar('checkout.orders.cancelNamed', { ref }),
      cancelTitle: (ref: string) => ar('checkout.orders.cancelTitle', { ref }),
      cancel: ar('checkout.orders.cancel'),
      reason: ar('checkout.orders.cancelReason'),
    },
  },
] as const;

for (const language of LANGUAGES) {
  test(`a shopper in Aswan pays her governorate's fee, hears of her order by e-mail, follows it shipped and cancels another (${language.name})`, async ({
    page,
    request,
  }) => {
    // Checkout, orders and a cancellation: several screens on a busy machine.
    test.slow();
    const say = language.text;
    const admin = await demoAdmin(request);
    expect((await request.put('/api/shipping/rates', { headers: auth(admin), data: RATES })).ok()).toBe(true);

    const shopper = await newShopper(request, 'Aswan Shopper');
    const product = await demoProduct(request, language.slot);
    await addToCart(request, shopper, product._id);
    await chooseCheckout(page, shopper, 'cash', ASWAN);
    if (language.name === 'Arabic') await openInArabic(page);
    await signIn(page, shopper);

    // The review shows Aswan's fee before anything is placed, and the bill adds it.
    await page.goto('/PlaceOrder');
    await expect(page.locator('.summary-row', { hasText: say.shipping })).toContainText(String(ASWAN_BASE));
    const items = itemsTotal([{ price: product.price, quantity: 1 }]);
    if (language.name === 'English')
      await expect(page.getByTestId('order-total')).toHaveText(egp(items + ASWAN_BASE + 9));
    await page.getByRole('button', { name: say.placeOrder }).click();
    await expect(page).toHaveURL(/\/success$/);

    const [order] = (await (await request.get('/api/order', { headers: auth(shopper) })).json()) as (ApiOrder & {
      shipping: number;
      codFee: number;
    })[];
    expect(order).toMatchObject({
      status: 'awaiting_confirmation',
      shipping: ASWAN_BASE,
      codFee: 9,
      bill: items + ASWAN_BASE + 9,
    });
    if (!order) throw new Error('no order');

    // The e-mail asking her to confirm it, in the language she shopped in; she confirms by its link.
    const mail = await newestMailTo(shopper.user.email);
    expect(mail.subject).toBe(say.confirmMail(orderRef(order._id)));
    await confirmByMail(request, shopper, order._id);

    // The admin ships it; her orders page shows it on its way, with the tracking number.
    const tracking = `EG${Date.now()}`;
    const shipped = await request.put(`/api/order/${order._id}/status`, {
      headers: auth(admin),
      data: { status: 'shipped', trackingNumber: tracking },
    });
    expect(shipped.ok()).toBe(true);
    await page.goto('/Orders');
    const card = page.getByRole('article', { name: say.order(orderRef(order._id)) });
    await expect(card).toContainText(say.shipped);
    await expect(card).toContainText(tracking);

    // Another order, cancelled from the same page before it ships.
    await addToCart(request, shopper, product._id);
    const second = await placeOrder(request, shopper, 'cash', ASWAN);
    const ref = orderRef(second._id);
    await page.reload();
    const other = page.getByRole('article', { name: say.order(ref) });
    await other.getByRole('button', { name: say.cancelNamed(ref) }).click();
    const dialog = page.getByRole('dialog', { name: say.cancelTitle(ref) });
    await dialog.getByLabel(say.reason).fill('Ordered twice');
    await dialog.getByRole('button', { name: say.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(other).toContainText(say.cancelled);
    await expect(other).toContainText('Ordered twice');
    const [cancelled] = (await (await request.get('/api/order', { headers: auth(shopper) })).json()) as ApiOrder[];
    expect(cancelled).toMatchObject({ _id: second._id, status: 'cancelled' });
  });
}
