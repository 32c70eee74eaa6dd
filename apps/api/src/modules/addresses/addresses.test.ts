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
        apartment: '',
        floor: '',
        landmark: '',
        instructions: '',
        isDefault: false,
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

  it('takes the phone in Arabic-Indic digits or with +20 and keeps it as 01XXXXXXXXX, once', async () => {
    const user = await registerShopper(t.app);
    const arabic = await save(user, { ...cairo, phone: '٠١٠ ١٢٣٤ ٥٦٧٨' });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json()[0].phone).toBe('01012345678');
    const international = await save(user, { ...cairo, phone: '+201012345678' });
    expect(international.statusCode).toBe(201);
    expect(international.json().map((a: { phone: string }) => a.phone)).toEqual(['01012345678']);
  });

  it('returns only the owner’s addresses', async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    await save(a, cairo);
    expect((await list(b)).json()).toEqual([]);
  });
});

describe('the address book', () => {
  const call = (account: Account, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
  type Saved = { _id: string; city: string; isDefault: boolean; fullAddress: string; landmark: string };

  it('keeps the apartment, floor and landmark of an Egyptian address, and reads them in its one line', async () => {
    const user = await registerShopper(t.app);
    const res = await save(user, { ...cairo, apartment: '7', floor: '3', landmark: 'Opposite Al-Azhar Mosque' });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({
      apartment: '7',
      floor: '3',
      landmark: 'Opposite Al-Azhar Mosque',
      fullAddress: '12 Tahrir St, 7, 3, Opposite Al-Azhar Mosque, Cairo, Cairo, Egypt 11511',
    });
    const tooLong = await save(user, { ...cairo, landmark: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps the instructions for the courier beside the address, out of its one line', async () => {
    const user = await registerShopper(t.app);
    const instructions = 'اتصل قبل الوصول، البواب يستلم بعد ٦ مساءً';
    const res = await save(user, { ...cairo, instructions: `  ${instructions} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ instructions, fullAddress: '12 Tahrir St, Cairo, Cairo, Egypt 11511' });
    // Other instructions for the same place are another address to choose, not the first one changed.
    const other = await save(user, { ...cairo, instructions: 'Leave it with the neighbour' });
    expect(
      other
        .json()
        .map((a: { instructions: string }) => a.instructions)
        .sort(),
    ).toEqual(['Leave it with the neighbour', instructions].sort());
    const tooLong = await save(user, { ...cairo, instructions: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ errors: { 'address.instructions': 'At most 200 characters' } });
    expect((await save(user, { ...cairo, instructions: 'x'.repeat(200) })).statusCode).toBe(201);
  });

  it('edits, chooses one default (listed first), and deletes', async () => {
    const user = await registerShopper(t.app);
    await save(user, cairo);
    t.clock.advance(1000);
    const both = (await save(user, { ...cairo, city: 'Giza', state: 'Giza' })).json() as Saved[];
    t.clock.advance(-1000);
    const [giza, home] = both;
    if (!giza || !home) throw new Error('two addresses expected');

    const chosen = await call(user, 'PUT', `/api/address/${home._id}/default`);
    expect(chosen.statusCode).toBe(200);
    expect((chosen.json() as Saved[]).map((a) => [a.city, a.isDefault])).toEqual([
      ['Cairo', true],
      ['Giza', false],
    ]);
    // Choosing another moves the default: one at a time.
    const moved = (await call(user, 'PUT', `/api/address/${giza._id}/default`)).json() as Saved[];
    expect(moved.map((a) => [a.city, a.isDefault])).toEqual([
      ['Giza', true],
      ['Cairo', false],
    ]);

    const edited = await call(user, 'PUT', `/api/address/${giza._id}`, {
      address: { ...cairo, city: 'Dokki', state: 'Giza', landmark: 'Behind the metro' },
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Saved[])[0]).toMatchObject({
      _id: giza._id,
      city: 'Dokki',
      isDefault: true,
      landmark: 'Behind the metro',
    });

    const removed = await call(user, 'DELETE', `/api/address/${giza._id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Saved[]).map((a) => a._id)).toEqual([home._id]);
    expect((await list(user)).json()).toEqual(removed.json());
  });

  it("never touches someone else's address: 404, and the owner's book is unchanged", async () => {
    const owner = await registerShopper(t.app);
    const stranger = await registerShopper(t.app);
    const [address] = (await save(owner, cairo)).json() as Saved[];
    if (!address) throw new Error('saved address expected');
    for (const res of [
      await call(stranger, 'PUT', `/api/address/${address._id}`, { address: { ...cairo, city: 'Luxor' } }),
      await call(stranger, 'PUT', `/api/address/${address._id}/default`),
      await call(stranger, 'DELETE', `/api/address/${address._id}`),
      await call(owner, 'DELETE', '/api/address/not-an-id'),
    ])
      expect(res.statusCode).toBe(404);
    expect((await list(owner)).json()).toMatchObject([{ _id: address._id, city: 'Cairo', isDefault: false }]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/address/${address._id}` })).statusCode).toBe(401);
  });
});
