import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shop/contracts';
import { createAdmin, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { ADDRESS as cairo } from '../../../test/fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (account: Account, address: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/address', headers: account.headers, payload: { address } });
const list = (account: Account) => t.app.inject({ method: 'GET', url: '/api/address', headers: account.headers });

describe('who may use addresses', () => {
  it('refuses visitors (401) and admins (403)', async () => {
    const admin = await createAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/address' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/address', payload: { address: cairo } })).statusCode).toBe(
      401,
    );
    expect((await list(admin)).statusCode).toBe(403);
    expect((await save(admin, cairo)).statusCode).toBe(403);
  });
});

describe('addresses', () => {
  it('saves an address and returns the list, newest first, with a readable fullAddress', async () => {
    const user = await registerShopper(t.app);
    const first = await save(user, cairo);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual([
      {
        _id: expect.any(String),
        ...cairo,
        createdAt: expect.any(String),
        fullAddress: '12 Tahrir St, Cairo, Cairo, Egypt 11511',
      },
    ]);
    t.clock.advance(1000);
    const alex = { ...cairo, street: 'Corniche Rd', city: 'Alexandria', state: 'Alexandria', zipCode: '21500' };
    const second = await save(user, alex);
    t.clock.advance(-1000);
    expect(second.json().map((a: { city: string }) => a.city)).toEqual(['Alexandria', 'Cairo']);
    expect((await list(user)).json()).toEqual(second.json());
  });

  it('does not save the same address twice', async () => {
    const user = await registerShopper(t.app);
    await save(user, cairo);
    const again = await save(user, { ...cairo });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toHaveLength(1);
  });

  it('requires every field with the spec messages', async () => {
    const user = await registerShopper(t.app);
    for (const field of Object.keys(cairo)) {
      const res = await save(user, { ...cairo, [field]: '' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[`address.${field}`], field).toBe(MSG.required);
    }
    const badPhone = await save(user, { ...cairo, phone: '01312345678' });
    expect(badPhone.json().errors['address.phone']).toBe(MSG.invalidPhone);
    expect((await list(user)).json()).toEqual([]);
  });

  it('returns only the owner’s addresses', async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    await save(a, cairo);
    expect((await list(b)).json()).toEqual([]);
  });
});
