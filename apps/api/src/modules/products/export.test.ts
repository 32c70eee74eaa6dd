import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import { createAdmin, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { createCategory, createDepartment, createProduct } from '../../../test/fixtures.js';
import { EXPORT_BATCH } from './export.js';

const PUBLIC_URL = 'https://shop.example.eg';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const exportCsv = (headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: '/api/admin/products/export', headers });

/** The file as a spreadsheet reads it: a record per product, keyed by the header. */
const records = (body: string) =>
  parse(body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe('GET /api/admin/products/export', () => {
  it('is for admins only', async () => {
    const shopper = await registerShopper(t.app);
    expect((await exportCsv({})).statusCode).toBe(401);
    expect((await exportCsv(shopper.headers)).statusCode).toBe(403);
  });

  it('writes every column of a product as Excel reads it: UTF-8 with a BOM, Arabic kept, quotes and formulas defused', async () => {
    const department = await createDepartment(t.app.db, 'Home & Kitchen');
    const category = await createCategory(t.app.db, { departmentId: department.id, name: 'Cookware' });
    const pan = await createProduct(t.app.db, {
      categoryId: category.id,
      name: '=HYPERLINK("http://evil.example","Pan")',
      nameAr: 'مقلاة تيفال 28 سم',
      description: 'Non-stick, 28 cm, "Titanium" coating',
      descriptionAr: 'مقلاة غير لاصقة',
      brand: 'Tefal',
      price: 899.5,
      compareAtPrice: 1100,
      stock: 7,
      weight: 1.2,
      cod: false,
      warranty: '2-year Tefal warranty',
      warrantyAr: 'ضمان تيفال لمدة عامين',
      imagePaths: ['/uploads/pan-1.webp', '/uploads/pan-2.webp'],
    });
    await t.app.db.update(products).set({ saleEndsOn: '2031-06-30' }).where(eq(products.id, pan.id));

    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFid,name,nameAr,description,descriptionAr,brand,department,category,')).toBe(true);
    expect(records(res.body).find((r) => r.id === pan.id)).toEqual({
      id: pan.id,
      name: `'=HYPERLINK("http://evil.example","Pan")`,
      nameAr: 'مقلاة تيفال 28 سم',
      description: 'Non-stick, 28 cm, "Titanium" coating',
      descriptionAr: 'مقلاة غير لاصقة',
      brand: 'Tefal',
      department: 'Home & Kitchen',
      category: 'Cookware',
      price: '899.50',
      compareAtPrice: '1100.00',
      // The sale's last day, as the product form's date field writes it.
      saleEndsOn: '2031-06-30',
      stock: '7',
      // The stock as exported, for the import to keep the sales made meanwhile.
      stockAtExport: '7',
      weight: '1.2',
      cod: 'false',
      warranty: '2-year Tefal warranty',
      warrantyAr: 'ضمان تيفال لمدة عامين',
      images: `${PUBLIC_URL}/uploads/pan-1.webp ${PUBLIC_URL}/uploads/pan-2.webp`,
      // Sold as one thing: no variant.
      variantSku: '',
      variantOptions: '',
      variantPrice: '',
      variantCompareAtPrice: '',
      variantStock: '',
      variantStockAtExport: '',
    });
  });

  it('streams a catalogue larger than one batch, each product once, in id order', async () => {
    const category = await createCategory(t.app.db);
    const many = Array.from({ length: EXPORT_BATCH + 5 }, (_, i) => ({
      name: `Bulk ${i}`,
      description: 'Bulk item',
      brand: 'Bulk',
      price: 1000 + i,
      stock: 1,
      weight: 0.5,
      categoryId: category.id,
      departmentId: category.departmentId,
    }));
    await t.app.db.insert(products).values(many);
    const ids = (await t.app.db.select({ id: products.id }).from(products)).map((p) => p.id).sort();

    const exported = records((await exportCsv()).body).map((r) => r.id);
    expect(exported).toEqual(ids);
  });
});
