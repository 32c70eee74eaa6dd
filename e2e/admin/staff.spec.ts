import fs from 'node:fs';
import { newShopper } from '../support/accounts';
import { openInArabic } from '../support/arabic';
import { test, expect } from '../support/test';
import { ADDRESS } from '../checkout/helpers';
import { mailsTo } from '../support/outbox';
import { expectNoSeriousA11yViolations } from '../support/ui';
import { apiProduct, asAdmin, expectToast, placeCashOrder, uniqueName } from './helpers';

type Texts = { [key: string]: string | Texts };
const TEXTS: Record<'en' | 'ar', Texts> = {
  en: JSON.parse(fs.readFileSync(new URL('../../apps/web/src/i18n/admin.en.json', import.meta.url), 'utf8')) as Texts,
  ar: JSON.parse(fs.readFileSync(new URL('../../apps/web/src/i18n/admin.ar.json', import.meta.url), 'utf8')) as Texts,
};
/** The dashboard's text for a key in a language, placeholders filled: the test reads what the staff read. */
function say(language: 'en' | 'ar', key: string, values: Record<string, string> = {}): string {
  let node: string | Texts | undefined = TEXTS[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
const shortId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/*
 * The owner hires an orders agent: invites them from the staff screen, the agent accepts the link in their own
 * browser, confirms a cash order its shopper has not answered (the confirmations' queue: take it, call, Confirmed)
 * and ships it. The agent's dashboard has the orders and the queue only, no refund button, and the API refuses the
 * refund route with 403. Once per language.
 */
for (const language of ['en', 'ar'] as const) {
  test(`${language}: the owner invites an orders agent who confirms and ships an order but cannot refund`, async ({
    page,
    browser,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string>) => say(language, key, values);
    const prefix = language === 'ar' ? '/ar' : '';
    if (language === 'ar') await openInArabic(page);
    const owner = await asAdmin(page, request);
    const { product } = await apiProduct(request, owner, { price: 120, stock: 10 });
    const shopper = await newShopper(request, 'Nour Buyer');
    // A cash order its shopper has not confirmed yet: it waits in the confirmations' queue.
    const shopperHeaders = { 'x-access-token': shopper.token };
    const added = await request.put('/api/cart/incItem', {
      headers: shopperHeaders,
      data: { product_id: product._id, flag: 1 },
    });
    expect(added.ok()).toBe(true);
    const placed = await request.post('/api/order', {
      headers: shopperHeaders,
      data: { deliveryAddress: ADDRESS, paymentMethod: 'cash' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const [toShip] = (await placed.json()) as { _id: string; status: string }[];
    if (!toShip) throw new Error('no order placed');
    expect(toShip.status).toBe('awaiting_confirmation');
    // An order sent back after its delivery, paid at the door: the owner would see its Refund button here (a parcel
    // refused at the door was never paid for, and offers none).
    const returned = await placeCashOrder(request, shopper, product._id);
    const ownerHeaders = { 'x-access-token': owner.token };
    const moveReturned = async (status: string) => {
      const moved = await request.put(`/api/order/${returned._id}/status`, {
        headers: ownerHeaders,
        data: { status, trackingNumber: 'EG-2001' },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    };
    await moveReturned('shipped');
    await moveReturned('delivered');
    const sentBack = await request.post(`/api/order/${returned._id}/return`, {
      headers: shopperHeaders,
      data: { reason: 'Too small' },
    });
    expect(sentBack.status(), await sentBack.text()).toBe(200);
    await moveReturned('returned');

    await page.goto(`${prefix}/dashboard/staff`);
    const email = `${uniqueName('agent').replace(/\W+/g, '-').toLowerCase()}@example.com`;
    await page.getByLabel(t('staff.email')).fill(email);
    await page.getByLabel(t('staff.role'), { exact: true }).selectOption({ label: t('staff.roles.orders') });
    await page.getByRole('button', { name: t('staff.invite'), exact: true }).click();
    await expectToast(page, t('staff.invited'));
    const link = await page.getByRole('textbox', { name: t('staff.link') }).inputValue();
    expect(link).toContain(`${prefix}/staff/accept#`);

    // The agent, in a browser of their own.
    const agentContext = await browser.newContext({ baseURL: new URL(link).origin });
    const agent = await agentContext.newPage();
    await agent.goto(link.replace(new URL(link).origin, ''));
    await expect(agent.getByText(t('accept.offer', { role: t('staff.roles.orders') }))).toBeVisible();
    await agent.getByLabel(t('accept.name')).fill('Omar Agent');
    await agent.getByLabel(t('accept.newPassword')).fill('Agent123!');
    await agent.getByRole('button', { name: t('accept.submit') }).click();

    // Without the overview's permission the dashboard opens on the agent's first screen: the orders.
    await expect(agent).toHaveURL(new RegExp(`${prefix}/dashboard/orders$`));
    const nav = agent.getByRole('navigation', { name: t('nav.title') });
    await expect(nav.getByRole('link')).toHaveText([t('nav.orders'), t('nav.confirmations'), t('nav.alerts')]);

    // The agent calls the shopper and records the confirmation.
    await nav.getByRole('link', { name: t('nav.confirmations'), exact: true }).click();
    const card = agent.getByRole('article').filter({ hasText: shortId(toShip._id) });
    await card.getByRole('button', { name: t('confirmations.take') }).click();
    await expectToast(agent, t('confirmations.taken'));
    await card.getByRole('button', { name: t('confirmations.outcomes.confirmed') }).click();
    await expectToast(agent, t('confirmations.recorded.confirmed'));
    await expect(card).toHaveCount(0);
    await nav.getByRole('link', { name: t('nav.orders'), exact: true }).click();

    const row = agent.getByRole('row').filter({ hasText: shortId(toShip._id) });
    await row.getByRole('combobox', { name: t('orders.moveLabel', { id: shortId(toShip._id) }) }).selectOption({
      label: t('status.shipped'),
    });
    await row.getByRole('textbox', { name: t('orders.trackingLabel', { id: shortId(toShip._id) }) }).fill('EG-3001');
    await row.getByRole('button', { name: t('orders.move'), exact: true }).click();
    await expectToast(agent, t('orders.moved', { id: shortId(toShip._id), status: t('status.shipped') }));

    const returnedRow = agent.getByRole('row').filter({ hasText: shortId(returned._id) });
    await expect(returnedRow).toBeVisible();
    await expect(returnedRow.getByRole('button', { name: t('orders.refund') })).toHaveCount(0);

    const session = JSON.parse((await agent.evaluate(() => localStorage.getItem('userData'))) ?? '{}') as {
      token: string;
    };
    const refund = await request.post(`/api/order/${returned._id}/refund`, {
      headers: { 'x-access-token': session.token },
      data: { paidBackBy: 'cash' },
    });
    expect(refund.status()).toBe(403);

    // The agent asks to be told of new orders, in the dashboard's language, and the next order reaches their inbox.
    await nav.getByRole('link', { name: t('nav.alerts'), exact: true }).click();
    const newOrders = agent.getByRole('switch', { name: t('alerts.new_order') });
    await expect(newOrders).not.toBeChecked();
    await expect(agent.getByRole('switch', { name: t('alerts.return_requested') })).toBeVisible();
    await expect(agent.getByText(email)).toBeVisible();
    await expectNoSeriousA11yViolations(agent);
    await newOrders.check();
    await agent.getByRole('button', { name: t('alerts.save') }).click();
    await expectToast(agent, t('toasts.alertsSaved'));
    // Confirmed by its shopper (placeCashOrder answers the mail asking to), the order is one to prepare. Other tests'
    // orders reach the agent too: theirs is found by its subject.
    const next = await placeCashOrder(request, shopper, product._id);
    const subject = language === 'ar' ? `طلب جديد \u2066${shortId(next._id)}\u2069` : `New order ${shortId(next._id)}`;
    await expect
      .poll(() => mailsTo(email).find((mail) => mail.subject === subject)?.text)
      .toContain(`${prefix}/dashboard/orders/${next._id}`);
    await agentContext.close();
  });
}

/*
 * The owner calls off an invitation from the staff screen: a confirmation first, then the row leaves the list and
 * the link is no longer good. The list and the confirmation are photographed at 390 and 1280 px. Once per language.
 */
for (const language of ['en', 'ar'] as const) {
  test(`${language}: the owner withdraws a waiting invitation, and its link stops working`, async ({
    page,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string>) => say(language, key, values);
    if (language === 'ar') await openInArabic(page);
    const owner = await asAdmin(page, request);
    const email = `${uniqueName('withdrawn').replace(/\W+/g, '-').toLowerCase()}@example.com`;
    const invited = await request.post('/api/admin/staff/invitations', {
      headers: { 'x-access-token': owner.token },
      data: { email, role: 'support' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { token } = (await invited.json()) as { token: string };

    await page.goto(`${language === 'ar' ? '/ar' : ''}/dashboard/staff`);
    const waiting = page.getByRole('region', { name: t('staff.invitations') });
    const row = waiting.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(t('staff.roles.support'));
    const withdraw = row.getByRole('button', { name: t('staff.withdrawOf', { address: email }) });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The list scrolls sideways inside its card, never the page.
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect.soft(sideways, `the page scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`invitations-${language}-${width}.png`), fullPage: true });
    }
    await withdraw.click();
    const dialog = page.getByRole('dialog', { name: t('staff.withdrawTitle') });
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText(t('staff.withdrawBody'));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`withdraw-${language}-${width}.png`) });
    }
    await dialog.getByRole('button', { name: t('staff.withdraw'), exact: true }).click();
    await expectToast(page, t('staff.withdrawn'));
    await expect(row).toHaveCount(0);
    expect((await request.post('/api/staff/invitation', { data: { token } })).status()).toBe(410);
  });
}
