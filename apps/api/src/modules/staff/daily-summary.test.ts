import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_SUMMARY_HOUR, type StaffAlerts } from '@shop/contracts';
import {
  alertsOf,
  chooseAlerts,
  createStaff,
  createTestApp,
  payByCard,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { addDays, cairoDay, cairoDayStart } from '../../lib/clock.js';

/**
 * The morning's summary for the members who asked for it: the day before's sales and what waits, once a day whatever
 * the instances, from DAILY_SUMMARY_HOUR of Cairo's morning. Its own database, so the figures are this file's alone.
 */

const PUBLIC_URL = 'https://shop.example';

let smtp: TestSmtp;
let t: TestContext;
let owner: Account;
let accounts: Account;
let desk: Account;

/** Moves the test clock to `at`. */
const clockTo = (at: number) => t.clock.advance(at - t.clock.now().getTime());

/** Moves the test clock to `minutes` past DAILY_SUMMARY_HOUR (before it, when negative) on Cairo's day `day`. */
const clockAt = (day: string, minutes: number) =>
  clockTo(cairoDayStart(day).getTime() + DAILY_SUMMARY_HOUR * 3_600_000 + minutes * 60_000);

/** The summaries sent by e-mail since the last look, as [to, subject, text]. */
async function sent() {
  await t.app.messageSender.flush();
  const mails = smtp.received.map((mail) => [mail.to.join(), mail.subject, mail.text.trimEnd()]);
  smtp.received.length = 0;
  return mails.sort();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  owner = await createStaff(t.app, 'owner', 'Omar Owner');
  desk = await createStaff(t.app, 'orders', 'Dina Desk');
  // A custom role with the reports alone: the summary is all it may be told of.
  const role = await t.app.inject({
    method: 'POST',
    url: '/api/admin/roles',
    headers: owner.headers,
    payload: { name: 'Accounts', permissions: ['reports.read'] },
  });
  expect(role.statusCode, role.body).toBe(201);
  accounts = await createStaff(t.app, role.json<{ key: string }>().key, 'Aya Accounts');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the daily summary', () => {
  it('is chosen by a role holding the reports, even one that reads no orders', async () => {
    const mine = await alertsOf(t.app, accounts);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<StaffAlerts>().allowed).toEqual(['daily_summary']);
    expect((await chooseAlerts(t.app, accounts, ['daily_summary'], 'ar')).statusCode).toBe(200);
    expect((await alertsOf(t.app, desk)).json<StaffAlerts>().allowed).toEqual(['new_order', 'return_requested']);
    expect((await chooseAlerts(t.app, desk, ['daily_summary'], 'en')).statusCode).toBe(403);
    expect((await chooseAlerts(t.app, owner, ['daily_summary', 'new_order'], 'en')).statusCode).toBe(200);
  });

  it('tells each morning, once, the day before’s sales and what waits now, in each member’s language', async () => {
    // Read first: the orders below are today's, and the summary tomorrow's.
    const tomorrow = addDays(cairoDay(t.clock.now()), 1);
    const shopper = await registerShopper(t.app, 'Mona Ali');
    const kettle = await createProduct(t.app.db, { name: 'Kettle', stock: 50, price: 1250 });
    await createProduct(t.app.db, { name: 'Cups', stock: 2 });
    // Today: two cash orders confirmed, one waiting for its confirmation, one paid online; the summary is tomorrow's.
    for (const confirm of [true, true, false])
      await placeOrderOf(t.app, shopper, [[kettle, 1]], ADDRESS, 'cash', { confirm });
    const card = await placeOrderOf(t.app, shopper, [[kettle, 2]], ADDRESS, 'visa');
    await payByCard(t.app, shopper, card._id);
    await sent();

    clockAt(tomorrow, -1);
    expect(await t.app.dailySummaries.flush()).toBe(0);
    clockAt(tomorrow, 1);
    const sibling = await t.sibling();
    // The sibling only races for the day: its sender stays idle, so what was queued is sent by this one's flush.
    await sibling.messageSender.stop();
    const [mine, theirs] = await Promise.all([t.app.dailySummaries.flush(), sibling.dailySummaries.flush()]);
    expect([mine, theirs].sort()).toEqual([0, 2]);
    expect(await t.app.dailySummaries.flush()).toBe(0);

    // Sales: 1,280 a cash order (the kettle and its delivery), 2,500 the card one; the unconfirmed one is no sale.
    const short = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
    const en = new Intl.DateTimeFormat('en-EG', short);
    const ar = new Intl.DateTimeFormat('ar-EG-u-nu-latn', short);
    const today = new Date(Date.parse(addDays(tomorrow, -1)));
    // Sorted by address: the owner's (admin…) first.
    expect(await sent()).toEqual([
      [
        owner.email,
        `Your shop on ${en.format(today)}`,
        `EGP Shop, ${en.format(today)}: 3 orders, EGP\u00a05,060. Waiting: 1 to confirm, 3 to ship, 1 low in stock. ${PUBLIC_URL}/dashboard`,
      ],
      [
        accounts.email,
        `متجرك يوم ${ar.format(today)}`,
        `EGP Shop، ${ar.format(today)}: 3 طلبات بقيمة \u200f5,060\u00a0ج.م.\u200f، وينتظر: للتأكيد (1)، للشحن (3)، مخزون قليل (1). ${PUBLIC_URL}/ar/dashboard`,
      ],
    ]);

    // The next morning: a day with no sales, and the same waiting.
    clockAt(addDays(tomorrow, 1), 1);
    expect(await t.app.dailySummaries.flush()).toBe(2);
    const next = await sent();
    expect(next.find(([to]) => to === owner.email)?.[2]).toContain(
      ': no sales. Waiting: 1 to confirm, 3 to ship, 1 low in stock.',
    );
    expect(next.find(([to]) => to === accounts.email)?.[2]).toContain(
      ': لا مبيعات، وينتظر: للتأكيد (1)، للشحن (3)، مخزون قليل (1).',
    );
  });

  it('comes at 9:00 on Cairo’s clocks, the first day of summer time too', async () => {
    // 24 April 2026: Egypt's clocks go from midnight to 01:00, and 9:00 is 06:00 UTC.
    clockTo(Date.parse('2026-04-24T05:59:00Z'));
    expect(await t.app.dailySummaries.flush()).toBe(0);
    clockTo(Date.parse('2026-04-24T06:00:00Z'));
    expect(await t.app.dailySummaries.flush()).toBe(2);
    await sent();
  });
});
