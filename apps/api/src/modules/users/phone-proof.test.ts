import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import {
  createStaff,
  createTestApp,
  lastAudit,
  placeOrderOf,
  registerShopper,
  type Account,
  uniqueEmail,
  type TestContext,
} from '../../../test/harness.js';
import { mobileMaker } from '../../../test/messaging-simulators.js';
import { lastCodeSentTo, phoneCodeFor } from '../../../test/outbox.js';
import { CODE_TTL_MS } from './phone-sign-in.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Mobile = { local: string; stored: string };
const newMobile = mobileMaker('0157');

/** Asks, signed in as `account`, for a code to `mobile`, and reads it from the SMS the mobile received. */
async function proofCodeFor(account: Account, mobile: Mobile): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/user/phone/code',
    headers: account.headers,
    payload: { phone: mobile.local, channel: 'sms' },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return lastCodeSentTo(t, mobile.stored);
}

const prove = (account: Account | null, mobile: Mobile, code: string, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/phone',
    headers: { ...account?.headers, 'accept-language': language },
    payload: { phone: mobile.local, code },
  });

const signInByPhone = async (mobile: Mobile) => {
  t.clock.advance(61_000);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { phone: mobile.local, code: await phoneCodeFor(t, mobile.local, mobile.stored) },
  });
};

const rowOf = async (account: Account) => (await t.app.db.select().from(users).where(eq(users.id, account.id)))[0];

/** A code that is not `code`, so a test cannot pass by guessing right. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a signed-in account proving its mobile', () => {
  it('makes phone sign-in open the e-mail account, with its orders', async () => {
    const shopper = await registerShopper(t.app, 'By Email');
    const product = await createProduct(t.app.db, { stock: 5 });
    const order = await placeOrderOf(t.app, shopper, [[product, 1]], ADDRESS, 'cash');
    const mobile = newMobile();

    const res = await prove(shopper, mobile, await proofCodeFor(shopper, mobile));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { _id: shopper.id, phone: mobile.local, verifiedPhone: mobile.local },
      message: 'Your mobile is confirmed: it now signs you into this account',
    });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'phone_proven', userId: shopper.id });

    const session = await signInByPhone(mobile);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ created: false, user: { _id: shopper.id, email: shopper.email } });
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/order',
      headers: { 'x-access-token': session.json<{ token: string }>().token },
    });
    expect(orders.json<{ _id: string }[]>().map((o) => o._id)).toEqual([order._id]);
  });

  it('refuses a wrong or expired code with a 400 that keeps the session, and proves nothing', async () => {
    const shopper = await registerShopper(t.app);
    const mobile = newMobile();
    const code = await proofCodeFor(shopper, mobile);

    const wrongTry = await prove(shopper, mobile, wrong(code), 'ar');
    expect(wrongTry.statusCode).toBe(400);
    expect(wrongTry.json()).toMatchObject({ message: 'الرمز غير صحيح أو انتهت صلاحيته' });
    t.clock.advance(CODE_TTL_MS + 1);
    const late = await prove(shopper, mobile, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'Wrong or expired code' });
    expect((await rowOf(shopper))?.verifiedPhone).toBeNull();
    // The session still works: the refusal did not sign the shopper out.
    const me = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: shopper.headers,
      payload: { name: 'X Y' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('is refused with 409 when another account proved the mobile, and changes neither', async () => {
    const mobile = newMobile();
    const holder = await signInByPhone(mobile);
    expect(holder.json()).toMatchObject({ nameNeeded: true, message: expect.any(String) });
    t.clock.advance(61_000);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { phone: mobile.local, code: await phoneCodeFor(t, mobile.local, mobile.stored), name: 'Phone Holder' },
    });
    const holderId = made.json<{ user: { _id: string } }>().user._id;
    const shopper = await registerShopper(t.app);
    t.clock.advance(61_000);

    const code = await proofCodeFor(shopper, mobile);
    const en = await prove(shopper, mobile, code);
    expect(en.statusCode).toBe(409);
    // Nothing of the other account but that it exists.
    expect(en.json()).toEqual({ message: 'This number belongs to another account', requestId: expect.any(String) });
    const ar = await prove(shopper, mobile, code, 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.json()).toMatchObject({ message: 'هذا الرقم يخص حسابًا آخر' });

    expect(await rowOf(shopper)).toMatchObject({ verifiedPhone: null, phone: '01012345678' });
    const [other] = await t.app.db.select().from(users).where(eq(users.id, holderId));
    expect(other).toMatchObject({ verifiedPhone: mobile.stored, name: 'Phone Holder' });
    // The code was not spent by the refusal: it still signs its holder into their own account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { phone: mobile.local, code },
    });
    expect(again.json()).toMatchObject({ user: { _id: holderId } });
  });

  it('needs a session, to send a code and to prove one', async () => {
    const mobile = newMobile();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone/code',
      payload: { phone: mobile.local, channel: 'sms' },
    });
    expect(sent.statusCode).toBe(401);
    const code = await phoneCodeFor(t, mobile.local, mobile.stored);
    expect((await prove(null, mobile, code)).statusCode).toBe(401);
    expect((await t.app.db.select().from(users).where(eq(users.verifiedPhone, mobile.stored))).length).toBe(0);
  });

  it('moves a proven account to a new mobile only with the new one’s code; the old stops signing in', async () => {
    const member = await createStaff(t.app, 'manager', 'Staff Member');
    const [first, second] = [newMobile(), newMobile()];
    expect((await prove(member, first, await proofCodeFor(member, first))).statusCode).toBe(200);
    expect((await signInByPhone(first)).json()).toMatchObject({ user: { _id: member.id, role: true } });

    expect((await prove(member, second, await proofCodeFor(member, second))).statusCode).toBe(200);
    expect(await rowOf(member)).toMatchObject({ verifiedPhone: second.stored, phone: second.local });
    // The first mobile proves no account now: its next code asks a name for a new one, never the member's.
    expect((await signInByPhone(first)).json()).toMatchObject({ nameNeeded: true, message: expect.any(String) });
  });
});

describe('a phone typed into the profile', () => {
  const typePhone = (account: Account, phone: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/user', headers: account.headers, payload: { phone, ...extra } });

  it('keeps the proven mobile when it is that mobile, and unlinks it when it is another', async () => {
    const shopper = await registerShopper(t.app);
    const mobile = newMobile();
    await prove(shopper, mobile, await proofCodeFor(shopper, mobile));
    await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: shopper.headers,
      payload: { contactChannel: 'whatsapp' },
    });

    expect((await typePhone(shopper, mobile.local)).json()).toMatchObject({ user: { verifiedPhone: mobile.local } });

    const typed = await typePhone(shopper, '01099998888');
    expect(typed.statusCode, typed.body).toBe(200);
    // Messages by WhatsApp would have no number left: they go by e-mail until a mobile is proven again.
    expect(typed.json()).toMatchObject({
      user: { phone: '01099998888', verifiedPhone: null, contactChannel: 'email' },
    });
    expect((await signInByPhone(mobile)).json()).toMatchObject({ nameNeeded: true, message: expect.any(String) });
  });

  it('is refused where the proven mobile is the only way in: an account without an e-mail', async () => {
    const mobile = newMobile();
    t.clock.advance(61_000);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { phone: mobile.local, code: await phoneCodeFor(t, mobile.local, mobile.stored), name: 'Only Phone' },
    });
    const session = made.json<{ user: { _id: string }; token: string }>();
    const account = {
      id: session.user._id,
      email: '',
      token: session.token,
      headers: { 'x-access-token': session.token },
    };

    const res = await typePhone(account, '01099997777');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { phone: expect.stringContaining('Confirm the new number') } });
    // Nor does an e-mail typed in the same save stand in for it: a mistyped one would leave no way in.
    const withEmail = await typePhone(account, '01099997777', { email: uniqueEmail('typo') });
    expect(withEmail.statusCode).toBe(400);
    expect(await rowOf(account)).toMatchObject({ verifiedPhone: mobile.stored, email: null });
  });
});
