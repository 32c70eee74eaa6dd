import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_MSG, MSG } from '@shop/contracts';
import { products } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
  UNKNOWN_ID,
  lastAudit,
  storedImageCount,
} from '../../../test/harness.js';
import { createCategory, createDepartment, createProduct, testImage } from '../../../test/fixtures.js';
import { multipart, type FilePart } from '../../../test/multipart.js';

let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(() => t.close());

describe('GET /api/category and /api/category/dept/:id', () => {
  it('lists categories with their department for anyone', async () => {
    const dept = await createDepartment(t.app.db, 'Electronics');
    const phones = await createCategory(t.app.db, {
      departmentId: dept.id,
      name: 'Phones',
      imagePath: '/uploads/x.webp',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      _id: phones.id,
      name: 'Phones',
      nameAr: null,
      image_path: '/uploads/x.webp',
      department: { _id: dept.id, name: 'Electronics', nameAr: null },
    });
  });

  it("lists one department's categories by name", async () => {
    const dept = await createDepartment(t.app.db);
    const b = await createCategory(t.app.db, { departmentId: dept.id, name: 'Blenders' });
    const a = await createCategory(t.app.db, { departmentId: dept.id, name: 'Airfryers' });
    await createCategory(t.app.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/category/dept/${dept.id}` });
    expect(res.json().map((c: { _id: string }) => c._id)).toEqual([a.id, b.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/category/dept/${UNKNOWN_ID}` })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/category/dept/not-an-id' })).json()).toEqual([]);
  });
});

describe('POST /api/category', () => {
  const post = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/category', headers, payload });

  it('creates a category for an admin and audits it', async () => {
    const dept = await createDepartment(t.app.db, 'Home');
    const res = await post({ department: dept.id, name: 'Lamps', nameAr: 'مصابيح' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      name: 'Lamps',
      nameAr: 'مصابيح',
      image_path: null,
      department: { _id: dept.id, name: 'Home', nameAr: null },
    });
    expect(await lastAudit(t.app)).toMatchObject({ type: 'admin', action: 'category_create', userId: admin.id });
  });

  it('refuses visitors (401) and shoppers (403)', async () => {
    const dept = await createDepartment(t.app.db);
    expect((await post({ department: dept.id, name: 'X' }, {})).statusCode).toBe(401);
    expect((await post({ department: dept.id, name: 'X' }, shopper.headers)).statusCode).toBe(403);
  });

  it("answers 'Required Field' for each missing field", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ department: MSG.requiredField, name: MSG.requiredField });
  });

  it('answers 404 for an unknown department', async () => {
    const res = await post({ department: UNKNOWN_ID, name: 'Ghosts' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Department not found');
  });

  it('refuses a name the department already has, in any case; other departments may reuse it', async () => {
    const [one, two] = [await createDepartment(t.app.db), await createDepartment(t.app.db)];
    expect((await post({ department: one.id, name: 'Accessories' })).statusCode).toBe(201);
    const dup = await post({ department: one.id, name: 'ACCESSORIES' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(API_MSG.categoryExists);
    expect((await post({ department: two.id, name: 'Accessories' })).statusCode).toBe(201);
  });
});

describe('PUT /api/category', () => {
  const put = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/category', headers, payload });

  it('renames and moves a category; its products follow it to the new department', async () => {
    const category = await createCategory(t.app.db);
    const product = await createProduct(t.app.db, { categoryId: category.id });
    const target = await createDepartment(t.app.db, 'Outdoors');
    const res = await put({ id: category.id, department: target.id, name: 'Tents' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: category.id,
      name: 'Tents',
      department: { _id: target.id, name: 'Outdoors' },
    });
    const [moved] = await t.app.db
      .select({ departmentId: products.departmentId })
      .from(products)
      .where(eq(products.id, product.id));
    expect(moved?.departmentId).toBe(target.id);
    expect(await lastAudit(t.app)).toMatchObject({
      action: 'category_update',
      data: { id: category.id, department: target.id, name: 'Tents' },
    });
  });

  it('refuses visitors and shoppers', async () => {
    const c = await createCategory(t.app.db);
    expect((await put({ id: c.id, department: c.departmentId, name: 'X' }, {})).statusCode).toBe(401);
    expect((await put({ id: c.id, department: c.departmentId, name: 'X' }, shopper.headers)).statusCode).toBe(403);
  });

  it('validates, and answers 404 for unknown ids and 409 for a taken name', async () => {
    const missing = await put({ name: 'X' });
    expect(missing.json().errors).toEqual({ id: MSG.requiredField, department: MSG.requiredField });
    const c = await createCategory(t.app.db, { name: 'Cables' });
    await createCategory(t.app.db, { departmentId: c.departmentId, name: 'Chargers' });
    expect((await put({ id: UNKNOWN_ID, department: c.departmentId, name: 'X' })).statusCode).toBe(404);
    expect((await put({ id: c.id, department: UNKNOWN_ID, name: 'X' })).statusCode).toBe(404);
    expect((await put({ id: c.id, department: c.departmentId, name: 'chargers' })).statusCode).toBe(409);
  });
});

describe('DELETE /api/category/:id', () => {
  const del = (id: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/category/${id}`, headers });

  it('deletes an unused category and audits it', async () => {
    const c = await createCategory(t.app.db);
    const res = await del(c.id);
    expect(res.json()).toEqual({ message: 'Category Deleted Successfully' });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'category_delete', data: { id: c.id } });
    expect((await del(c.id)).statusCode).toBe(404);
    expect((await del('not-an-id')).statusCode).toBe(404);
  });

  it('refuses visitors and shoppers', async () => {
    const c = await createCategory(t.app.db);
    expect((await del(c.id, {})).statusCode).toBe(401);
    expect((await del(c.id, shopper.headers)).statusCode).toBe(403);
  });

  it('refuses a category that products still use', async () => {
    const product = await createProduct(t.app.db);
    const res = await del(product.categoryId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_MSG.categoryInUse, requestId: res.headers['x-request-id'] });
  });
});

describe('POST /api/category/img/:id', () => {
  const upload = (id: string, files: FilePart[], headers: Record<string, string> = admin.headers) => {
    const form = multipart({}, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/category/img/${id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('stores a png as webp, sets image_path and serves it', async () => {
    const c = await createCategory(t.app.db);
    const res = await upload(c.id, [{ filename: 'lamp.png', data: await testImage('png', 1) }]);
    expect(res.statusCode).toBe(200);
    const imagePath = res.json().image_path as string;
    expect(imagePath).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await lastAudit(t.app)).toMatchObject({ action: 'category_image', data: { id: c.id, name: c.name } });
  });

  it('accepts a jpeg', async () => {
    const c = await createCategory(t.app.db);
    const res = await upload(c.id, [{ filename: 'photo.jpg', data: await testImage('jpeg', 2) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().image_path).toMatch(/\.webp$/);
  });

  it('refuses visitors and shoppers', async () => {
    const c = await createCategory(t.app.db);
    const file = { filename: 'a.png', data: await testImage() };
    expect((await upload(c.id, [file], {})).statusCode).toBe(401);
    expect((await upload(c.id, [file], shopper.headers)).statusCode).toBe(403);
  });

  it('refuses what is not a png or jpeg, too large or too many files, storing nothing', async () => {
    const c = await createCategory(t.app.db);
    const before = storedImageCount(t.dataDir);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [FilePart[], number][] = [
      [[{ filename: 'evil.svg', contentType: 'image/svg+xml', data: svg }], 400],
      [[{ filename: 'script.png', contentType: 'image/png', data: Buffer.from('#!/bin/sh\nrm -rf /\n') }], 400],
      [[{ filename: 'huge.png', data: Buffer.concat([await testImage(), Buffer.alloc(5 * 1024 * 1024)]) }], 413],
      [
        [
          { filename: 'a.png', data: await testImage('png', 3) },
          { filename: 'b.png', data: await testImage('png', 4) },
        ],
        413,
      ],
      [[{ filename: 'a.png', field: 'image', data: await testImage('png', 5) }], 400],
    ];
    for (const [files, status] of cases) {
      const res = await upload(c.id, files);
      expect(res.statusCode, files[0]?.filename ?? 'no file').toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(storedImageCount(t.dataDir)).toBe(before);
    const [row] = (await t.app.inject({ method: 'GET', url: `/api/category/dept/${c.departmentId}` })).json();
    expect(row.image_path).toBeNull();
  });

  it('names the missing file and refuses a body that is not multipart', async () => {
    const c = await createCategory(t.app.db);
    const res = await upload(c.id, []);
    expect(res.json()).toEqual({
      message: MSG.requiredField,
      errors: { img: MSG.requiredField },
      requestId: res.headers['x-request-id'],
    });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/category/img/${c.id}`,
      headers: admin.headers,
      payload: { img: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 404 for an unknown category and stores nothing', async () => {
    const before = storedImageCount(t.dataDir);
    const res = await upload(UNKNOWN_ID, [{ filename: 'a.png', data: await testImage('png', 6) }]);
    expect(res.statusCode).toBe(404);
    expect(storedImageCount(t.dataDir)).toBe(before);
  });
});
