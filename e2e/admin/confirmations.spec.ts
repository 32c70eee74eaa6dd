import { dayInCairo } from '@shop/contracts';
import { codeIn, newMobile, pressWhatsAppButton, whatsappTo } from '../support/messages';
import { ar, openInArabic } from '../support/arabic';
import { newShopper } from '../support/accounts';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations, shortTapTargets } from '../support/ui';
import { ADDRESS } from '../checkout/helpers';
import { asAdmin, expectToast, placeCashOrder, uniqueName } from './helpers';

/*
 * Cash orders confirmed before they ship (issue 46): the shopper answers the WhatsApp request's button, and the
 * agents work the queue of those who did not, one agent per order.
 */

test('a shopper confirms a cash order by the WhatsApp button, in Arabic; the link then says it is decided', async ({
  page,
  request,
  makeProduct,
}) => {
  const product = await makeProduct({ name: 'Confirmed by WhatsApp', stock: 5, price: 150 });
  // A shopper signed in by a WhatsApp code: the shop writes to them on WhatsApp.
  const mobile = newMobile();
  await request.post('/api/auth/phone/start', { data: { phone: mobile.local, channel: 'whatsapp' } });
  const code = await codeIn(async () => (await whatsappTo(mobile.international)).map((message) => message.text));
  const verified = await request.post('/api/auth/phone/verify', { data: { phone: mobile.local, code, name: 'هدى' } });
  const { token } = (await verified.json()) as { token: string };
  const headers = { 'x-access-token': token, 'accept-language': 'ar' };
  await request.put('/api/cart/incItem', { headers, data: { product_id: product._id, flag: 1 } });
  const placed = await request.post('/api/order', {
    headers,
    data: { deliveryAddress: ADDRESS, paymentMethod: 'cash' },
  });
  const [order] = (await placed.json()) as { _id: string; status: string }[];
  expect(order?.status).toBe('awaiting_confirmation');
  const ref = `#${order?._id.slice(0, 8).toUpperCase()}`;

  // The request: in Arabic, with the link and two buttons, Confirm first.
  let asked: Awaited<ReturnType<typeof whatsappTo>>[number] | undefined;
  await expect
    .poll(async () => (asked = (await whatsappTo(mobile.international)).at(-1))?.request.template.name)
    .toBe('order_confirm_request');
  expect(asked?.text).toMatch(new RegExp(`^EGP Shop: أكّد طلبك ${ref} أو ألغه: http\\S+/ar/confirm/`));
  const [confirm, cancel] = (asked?.request.template.components ?? [])
    .filter((component) => component.type === 'button')
    .map((button) => button.parameters[0]?.payload ?? '');
  expect(confirm).toBe(`confirm_order:${order?._id}:confirm`);
  expect(cancel).toBe(`confirm_order:${order?._id}:cancel`);

  // The link's page, no sign-in: the order in Arabic with both answers.
  await openInArabic(page);
  const link = new URL(/http\S+/.exec(asked?.text ?? '')?.[0] ?? '');
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: ar('checkout.confirm.title') })).toBeVisible();
  await expect(page.getByText(ar('checkout.orders.number', { ref: ref.slice(1) }))).toBeVisible();
  await expect(page.getByRole('button', { name: ar('checkout.confirm.confirm') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'main' });

  // Meanwhile she presses Confirm on WhatsApp: the order is confirmed, and she hears so.
  await pressWhatsAppButton(mobile.international, confirm ?? '');
  await expect
    .poll(async () => (await whatsappTo(mobile.international)).at(-1)?.request.template.name)
    .toBe('order_confirmed');
  // An answer on the page now changes nothing, and says so.
  await page.getByRole('button', { name: ar('checkout.confirm.cancel') }).click();
  await expect(
    page.getByText(ar('checkout.confirm.already', { status: ar('checkout.orders.status.confirmed') })),
  ).toBeVisible();
  const mine = await request.get(`/api/order/${order?._id}`, { headers });
  expect(((await mine.json()) as { status: string }).status).toBe('confirmed');
});

test('an agent works the queue while another agent holds an order', async ({ page, request, makeProduct }) => {
  const product = await makeProduct({ name: 'Confirmed by phone', stock: 10, price: 90 });
  const owner = await asAdmin(page, request);
  const ownerHeaders = { 'x-access-token': owner.token };
  // A second agent, hired through the API.
  const email = `${uniqueName('agent').replace(/\W+/g, '-').toLowerCase()}@example.com`;
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: ownerHeaders,
    data: { email, role: 'orders' },
  });
  const { token: invitation } = (await invited.json()) as { token: string };
  const accepted = await request.post('/api/staff/accept', {
    data: { token: invitation, name: 'Omar Agent', password: 'Agent123!' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const other = { 'x-access-token': ((await accepted.json()) as { token: string }).token };

  // Two cash orders of shoppers who have not answered.
  const place = async () => {
    const shopper = await newShopper(request, 'Karim Buyer');
    const shopperHeaders = { 'x-access-token': shopper.token };
    await request.put('/api/cart/incItem', { headers: shopperHeaders, data: { product_id: product._id, flag: 1 } });
    const placed = await request.post('/api/order', {
      headers: shopperHeaders,
      data: { deliveryAddress: { ...ADDRESS, phone: '01098765432' }, paymentMethod: 'cash' },
    });
    return ((await placed.json()) as { _id: string }[])[0]?._id ?? '';
  };
  const held = await place();
  const mine = await place();
  expect((await request.post(`/api/admin/confirmations/${held}/claim`, { headers: other })).status()).toBe(200);

  await page.goto('/dashboard/confirmations');
  await expect(page.getByRole('heading', { name: 'Confirmations', level: 1 })).toBeVisible();
  const card = (id: string) => page.getByRole('article').filter({ hasText: `#${id.slice(0, 8).toUpperCase()}` });
  // The order the other agent holds: who is calling, and nothing to press.
  await expect(card(held)).toContainText('Omar Agent is calling about this order');
  await expect(card(held).getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { include: 'main' });
  // Where the parcel goes, in the checkout's words: the desk's page loads them when opened by its address.
  await expect(card(mine)).toContainText('Zamalek, Cairo');
  // The phone is a link to call, the desk's main action: on a phone, a target a thumb hits (it was 19 px).
  await expect(card(mine).getByRole('link', { name: '01098765432' })).toHaveAttribute('href', 'tel:01098765432');
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await shortTapTargets(page, 'main article')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await card(mine).getByRole('button', { name: 'Take it to call' }).click();
  await expectToast(page, 'The order is yours for 10 minutes');
  // Now the other agent cannot take it.
  expect((await request.post(`/api/admin/confirmations/${mine}/claim`, { headers: other })).status()).toBe(409);
  await card(mine).getByRole('button', { name: 'Confirmed' }).click();
  await expectToast(page, 'Order confirmed');
  await expect(card(mine)).toHaveCount(0);
  const order = await request.get(`/api/order/${mine}`, { headers: ownerHeaders });
  expect(((await order.json()) as { status: string }).status).toBe('confirmed');
});

test('the cash-on-delivery charts show real numbers', async ({ page, request, makeProduct }) => {
  const owner = await asAdmin(page, request);
  const headers = { 'x-access-token': owner.token };
  const kettle = await makeProduct({ name: uniqueName('Refused kettle'), stock: 10, price: 200 });
  const lamp = await makeProduct({ name: uniqueName('Refused lamp'), stock: 10, price: 100 });
  const shopper = await newShopper(request, 'Salma Buyer');
  const move = async (orderId: string, status: string, extra: object = {}) => {
    const res = await request.put(`/api/order/${orderId}/status`, { headers, data: { status, ...extra } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  /** A cash order of `productId`, confirmed by its shopper, shipped, and then delivered or brought back. */
  const parcel = async (productId: string, end: 'delivered' | 'returned') => {
    const order = await placeCashOrder(request, shopper, productId);
    await move(order._id, 'shipped', { trackingNumber: uniqueName('TRK').replace(/\W/g, '') });
    await move(order._id, end);
  };
  // The report's days are Cairo's: from 22:00 UTC (21:00 in summer) the UTC date is still yesterday there. The days
  // run from before the first parcel to after the last, should Cairo's midnight fall between them.
  const from = dayInCairo(new Date());
  // The kettle: one parcel taken, one refused. The lamp: one refused, one cancelled after confirming.
  await parcel(kettle._id, 'delivered');
  await parcel(kettle._id, 'returned');
  await parcel(lamp._id, 'returned');
  await move((await placeCashOrder(request, shopper, lamp._id))._id, 'cancelled', { reason: 'Found it cheaper' });

  const to = dayInCairo(new Date());
  const res = await request.get(`/api/admin/reports/cod?from=${from}&to=${to}`, { headers });
  const report = (await res.json()) as { confirmationRate: number; refusalRate: number };
  const percent = (rate: number) =>
    new Intl.NumberFormat('en-EG', { style: 'percent', maximumFractionDigits: 1 }).format(rate);

  await page.goto(`/dashboard/cash-on-delivery?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'Cash on delivery', level: 1 })).toBeVisible();
  // The rates are the report's.
  const figures = page.getByRole('list', { name: 'Cash on delivery' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Confirmation rate' })).toContainText(
    percent(report.confirmationRate),
  );
  await expect(figures.getByRole('listitem').filter({ hasText: 'Refusal rate' })).toContainText(
    percent(report.refusalRate),
  );
  // Each product's row: orders, shipped, refused, refusal rate; and the chart says the same.
  const products = page.getByRole('table', { name: 'Refusal rate by product' });
  const row = (name: string) => products.getByRole('row').filter({ hasText: name });
  await expect(row(kettle.name).getByRole('cell')).toHaveText(['2', '2', '1', '50%']);
  await expect(row(lamp.name).getByRole('cell')).toHaveText(['2', '1', '1', '100%']);
  const chart = page.getByRole('img', { name: /^Refusal rate by product:/ });
  await expect(chart).toHaveAccessibleName(new RegExp(`${kettle.name} 50%`));
  await expect(chart).toHaveAccessibleName(new RegExp(`${lamp.name} 100%`));
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'main' });
});
