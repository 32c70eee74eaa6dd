import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addresses, users } from '../../db/schema.js';
import { ADDRESS } from '../../../test/fixtures.js';
import { createStaff, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { mobileMaker } from '../../../test/messaging-simulators.js';
import { phoneCodeFor } from '../../../test/outbox.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newMobile = mobileMaker('0156');

const codeFor = (mobile: { local: string; stored: string }) => phoneCodeFor(t, mobile.local, mobile.stored);

const verify = (mobile: { local: string }, code: string, name?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { phone: mobile.local, code, ...(name ? { name } : {}) },
  });

/** `account` with `mobile` typed into its phone field, as registering or editing the profile lets anyone do. */
const typeInto = (account: Account, mobile: string) =>
  t.app.db.update(users).set({ phone: mobile }).where(eq(users.id, account.id));

describe('the account a code signs into', () => {
  it('is never one that only typed the mobile: its holder gets an account of their own', async () => {
    const mobile = newMobile();
    const typist = await registerShopper(t.app, 'Typed It');
    await typeInto(typist, mobile.local);
    const code = await codeFor(mobile);
    // No account proved the mobile: the holder is asked a name for one of their own.
    expect((await verify(mobile, code)).json()).toMatchObject({ nameNeeded: true, message: expect.any(String) });

    const res = await verify(mobile, code, 'Holder');
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as { created: boolean; user: { _id: string; name: string }; token: string };
    expect(session).toMatchObject({ created: true, user: { name: 'Holder' } });
    expect(session.user._id).not.toBe(typist.id);
    // What the holder saves later is theirs alone.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: { 'x-access-token': session.token },
      payload: { address: { ...ADDRESS, street: 'Holder Street' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await t.app.db.select().from(addresses).where(eq(addresses.userId, typist.id))).toEqual([]);
    const [typed] = await t.app.db.select().from(users).where(eq(users.id, typist.id));
    expect(typed?.verifiedPhone).toBeNull();
    // Signing in again enters the account the mobile proved.
    t.clock.advance(61_000);
    const again = await verify(mobile, await codeFor(mobile));
    expect(again.json()).toMatchObject({ created: false, user: { _id: session.user._id } });
  });

  it('is never a staff member’s account whose mobile was only typed', async () => {
    const mobile = newMobile();
    const member = await createStaff(t.app, 'manager', 'Typed Staff');
    await typeInto(member, mobile.local);
    const res = await verify(mobile, await codeFor(mobile), 'Holder');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, user: { role: false } });
    expect(res.json().user._id).not.toBe(member.id);
  });
});
