import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG, MSG } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
  UNKNOWN_ID,
  lastAudit,
} from '../../../test/harness.js';
import { createCategory, createDepartment } from '../../../test/fixtures.js';

let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(() => t.close());

describe('GET /api/department', () => {
  it('lists departments by name for anyone', async () => {
    const b = await createDepartment(t.app.db, 'Books');
    const a = await createDepartment(t.app.db, 'Appliances');
    const res = await t.app.inject({ method: 'GET', url: '/api/department' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; name: string }[];
    expect(list.filter((d) => [a.id, b.id].includes(d._id))).toEqual([
      { _id: a.id, name: 'Appliances', nameAr: null },
      { _id: b.id, name: 'Books', nameAr: null },
    ]);
  });
});

describe('POST /api/department', () => {
  const post = (payload: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/department', headers, payload: payload as Record<string, unknown> });

  it('creates a department for an admin and audits it', async () => {
    const res = await post({ name: '  Toys  ', nameAr: ' ألعاب ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), name: 'Toys', nameAr: 'ألعاب' });
    expect(await lastAudit(t.app)).toMatchObject({
      type: 'admin',
      action: 'department_create',
      userId: admin.id,
      data: { id: res.json()._id, name: 'Toys' },
    });
  });

  it('refuses visitors (401) and shoppers (403)', async () => {
    expect((await post({ name: 'Garden' }, {})).statusCode).toBe(401);
    expect((await post({ name: 'Garden' }, shopper.headers)).statusCode).toBe(403);
  });

  it('requires a name', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.requiredField,
        errors: { name: MSG.requiredField },
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('refuses a duplicate name, whatever its case', async () => {
    expect((await post({ name: 'Sports' })).statusCode).toBe(201);
    const res = await post({ name: 'sports' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.departmentExists);
  });
});

describe('PUT /api/department', () => {
  const put = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/department', headers, payload });

  it('renames a department and audits it', async () => {
    const dept = await createDepartment(t.app.db);
    const res = await put({ id: dept.id, name: 'Kitchen', nameAr: 'المطبخ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: dept.id, name: 'Kitchen', nameAr: 'المطبخ' });
    // An empty Arabic name clears it, so the storefront falls back to the English one.
    expect((await put({ id: dept.id, name: 'Kitchen', nameAr: '' })).json()).toEqual({
      _id: dept.id,
      name: 'Kitchen',
      nameAr: null,
    });
    expect(await lastAudit(t.app)).toMatchObject({
      action: 'department_update',
      data: { id: dept.id, name: 'Kitchen' },
    });
  });

  it('refuses visitors and shoppers', async () => {
    const dept = await createDepartment(t.app.db);
    expect((await put({ id: dept.id, name: 'X' }, {})).statusCode).toBe(401);
    expect((await put({ id: dept.id, name: 'X' }, shopper.headers)).statusCode).toBe(403);
  });

  it('validates the id and the name', async () => {
    const res = await put({ name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ id: MSG.requiredField, name: MSG.requiredField });
    expect((await put({ id: 'nope', name: 'X' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown department and 409 for a taken name', async () => {
    expect((await put({ id: UNKNOWN_ID, name: 'Nowhere' })).statusCode).toBe(404);
    const a = await createDepartment(t.app.db, 'Music');
    const b = await createDepartment(t.app.db);
    const res = await put({ id: b.id, name: 'MUSIC' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.departmentExists);
    expect((await put({ id: a.id, name: 'music' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/department/:id', () => {
  const del = (id: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/department/${id}`, headers });

  it('deletes an empty department and audits it', async () => {
    const dept = await createDepartment(t.app.db, 'Temporary');
    const res = await del(dept.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Department deleted Successfully' });
    expect(await lastAudit(t.app)).toMatchObject({
      action: 'department_delete',
      data: { id: dept.id, name: 'Temporary' },
    });
    expect((await del(dept.id)).statusCode).toBe(404);
  });

  it('refuses visitors and shoppers', async () => {
    const dept = await createDepartment(t.app.db);
    expect((await del(dept.id, {})).statusCode).toBe(401);
    expect((await del(dept.id, shopper.headers)).statusCode).toBe(403);
  });

  it('refuses a department that still has categories, and writes no audit row', async () => {
    const category = await createCategory(t.app.db);
    const before = await lastAudit(t.app);
    const res = await del(category.departmentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_MSG.departmentInUse, requestId: res.headers['x-request-id'] });
    expect((await lastAudit(t.app))?.id).toBe(before?.id);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await del('not-an-id')).statusCode).toBe(404);
  });
});
