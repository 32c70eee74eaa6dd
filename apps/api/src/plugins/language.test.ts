import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_MSG,
  API_MSG_AR,
  MSG,
  MSG_AR,
  NOT_FOUND,
  NOT_FOUND_AR,
  RULE_MSG,
  RULE_MSG_AR,
  render,
  say,
  type Said,
} from '@shop/contracts';
import { createAdmin, createTestApp, UNKNOWN_ID, uniqueEmail, PASSWORD, type TestContext } from '../../test/harness.js';
import { createProduct } from '../../test/fixtures.js';
import { preferredLanguage } from '../lib/language.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AR = { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const inBoth = async (request: (headers: Record<string, string>) => Promise<LightMyRequestResponse>) => ({
  ar: await request(AR),
  en: await request(EN),
});

describe('Accept-Language', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['en-GB, ar;q=0.5', 'en'],
    ['ar;q=0.2, en', 'en'],
    ['en;q=0.4, ar-EG;q=0.8', 'ar'],
    ['fr-FR, ar;q=0.5', 'ar'],
    ['fr, de', 'en'],
    ['ar;q=0', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('%j → %s', (header, language) => expect(preferredLanguage(header)).toBe(language));
});

describe('answers in the language asked for', () => {
  it('a validation 400, message and every field', async () => {
    const payload = { name: 'Nour 2', email: 'nour@', phone: '123', password: 'short', confirm_password: 'other' };
    const { ar, en } = await inBoth((headers) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', headers, payload }),
    );
    expect(ar.statusCode).toBe(400);
    expect(en.json().errors).toMatchObject({
      name: MSG.invalidName,
      email: MSG.invalidEmail,
      phone: MSG.invalidPhone,
      password: MSG.invalidPassword,
    });
    expect(ar.json().errors).toMatchObject({
      name: MSG_AR.invalidName,
      email: MSG_AR.invalidEmail,
      phone: MSG_AR.invalidPhone,
      password: MSG_AR.invalidPassword,
    });
    expect(ar.json().message).toBe(MSG_AR.invalidName);
    expect(en.json().message).toBe(MSG.invalidName);
    expect(ar.headers.vary).toContain('Accept-Language');
  });

  it('a parameterised validation message from a multipart form', async () => {
    const admin = await createAdmin(t.app);
    const boundary = '----i18n';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="price"\r\n\r\nabc\r\n--${boundary}--\r\n`;
    const { ar, en } = await inBoth((headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/product',
        headers: { ...headers, ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      }),
    );
    expect(en.json().errors.price).toBe('price must be a `number` type');
    expect(ar.json().errors.price).toBe('يجب أن يكون price رقمًا');
  });

  it('a 404', async () => {
    const { ar, en } = await inBoth((headers) =>
      t.app.inject({ method: 'GET', url: `/api/product/one/${UNKNOWN_ID}`, headers }),
    );
    expect([ar.statusCode, en.statusCode]).toEqual([404, 404]);
    expect(ar.json()).toEqual({ message: 'المنتج غير موجود', requestId: ar.headers['x-request-id'] });
    expect(en.json()).toEqual({ message: NOT_FOUND.Product, requestId: en.headers['x-request-id'] });
    expect(en.headers.vary).toContain('Accept-Language');
  });

  it("Fastify's own refusals: an unknown route, bad JSON, a body too large, an unsupported type", async () => {
    const route = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: AR });
    expect(route.json().message).toBe('المسار GET /api/nowhere غير موجود');
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { ...AR, 'content-type': contentType },
        payload,
      });
    const json = await post('application/json', '{"email":');
    expect([json.statusCode, json.json().message]).toEqual([400, API_MSG_AR.invalidJson]);
    const large = await post('application/json', JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }));
    expect([large.statusCode, large.json().message]).toEqual([413, API_MSG_AR.bodyTooLarge]);
    const xml = await post('application/xml', '<login/>');
    expect([xml.statusCode, xml.json().message]).toEqual([415, API_MSG_AR.unsupportedMediaType]);
  });

  it('a 400 for an address Fastify cannot read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/one/%E0%A4%A', headers: AR });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(API_MSG_AR.addressInvalid);
  });

  it('a 409', async () => {
    const admin = await createAdmin(t.app);
    const name = `Toys ${Date.now()}`;
    await t.app.inject({ method: 'POST', url: '/api/department', headers: admin.headers, payload: { name } });
    const { ar, en } = await inBoth((headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/department',
        headers: { ...headers, ...admin.headers },
        payload: { name },
      }),
    );
    expect([ar.statusCode, en.statusCode]).toEqual([409, 409]);
    expect(ar.json().message).toBe('يوجد قسم بهذا الاسم بالفعل');
    expect(en.json().message).toBe(API_MSG.departmentExists);
  });

  it('a 401', async () => {
    const { ar, en } = await inBoth((headers) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { name: 'Mona' } }),
    );
    expect([ar.statusCode, en.statusCode]).toEqual([401, 401]);
    expect(ar.json().message).toBe('يرجى تسجيل الدخول');
    expect(en.json().message).toBe(API_MSG.signIn);
  });

  it('a 401 for a wrong password, with q-values deciding', async () => {
    const payload = { email: uniqueEmail('nobody'), password: PASSWORD };
    const preferEnglish = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'ar;q=0.3, en;q=0.9' },
      payload,
    });
    const preferArabic = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'fr, ar;q=0.5' },
      payload,
    });
    expect(preferEnglish.json().message).toBe(API_MSG.wrongCredentials);
    expect(preferArabic.json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('a success message', async () => {
    const admin = await createAdmin(t.app);
    const remove = async (headers: Record<string, string>) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/department',
        headers: admin.headers,
        payload: { name: `Garden ${Date.now()}${Math.random()}` },
      });
      return t.app.inject({
        method: 'DELETE',
        url: `/api/department/${created.json()._id}`,
        headers: { ...headers, ...admin.headers },
      });
    };
    const { ar, en } = await inBoth(remove);
    expect(ar.json()).toEqual({ message: 'تم حذف القسم بنجاح' });
    expect(en.json()).toEqual({ message: API_MSG.departmentDeleted });
  });
});

describe('catalogue reads', () => {
  it('are the same in both languages (both names travel), so the URL-keyed cache may share them', async () => {
    const product = await createProduct(t.app.db, { price: 100, stock: 5 });
    const url = `/api/product/one/${product.id}`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.app.inject({ method: 'GET', url, headers: i % 2 ? EN : AR }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]?.json());
      expect(answer.headers.vary ?? '').not.toContain('Accept-Language');
    }
  });
});

/** The messages that take a list of names, with one. */
const LISTS: Record<string, unknown[]> = { noCashOnDelivery: [['Big TV', 'Radio']] };
/** Sample arguments, as the code passes them: a list of names, or a field name then counts. */
const sample = (key: string, fn: (...args: never[]) => string) =>
  (LISTS[key] ?? Array.from({ length: fn.length }, (_, i) => (i === 0 ? 'price' : 7 + i))) as never[];

type Table = Record<string, string | ((...args: never[]) => string)>;

function expectEveryTranslated(name: keyof typeof say, english: Table, arabic: Table) {
  const keyed = say[name] as Record<string, Said | ((...args: never[]) => Said)>;
  for (const key of Object.keys(english)) {
    const [en, ar, said] = [english[key], arabic[key], keyed[key]];
    const args = typeof en === 'function' ? sample(key, en) : ([] as never[]);
    const call = (text: typeof en) => (typeof text === 'function' ? text(...args) : text);
    const message = typeof said === 'function' ? said(...args) : said;
    expect(call(ar), key).toMatch(/[\u0600-\u06FF]/);
    // By key, through the one renderer the API uses: each language's own text comes back.
    expect(render(message ?? '', 'ar'), key).toBe(call(ar));
    expect(render(message ?? '', 'en'), key).toBe(call(en));
  }
}

describe('every message the API can send has its Arabic', () => {
  it.each([
    ['msg', MSG, MSG_AR],
    ['rule', RULE_MSG, RULE_MSG_AR],
    ['notFound', NOT_FOUND, NOT_FOUND_AR],
    ['api', API_MSG, API_MSG_AR],
  ] as const)('%s', (name, english, arabic) => expectEveryTranslated(name, english, arabic));
});
