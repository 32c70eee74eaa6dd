import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  MSG,
  type AdminReviewPage,
  type OrderStatus,
  type Review,
  type ReviewPage,
} from '@shop/contracts';
import { auditLogs, messages, orderItems, orders, products, reviews, users } from '../../db/schema.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  lastAudit,
  registerShopper,
  type Account,
  type TestContext,
  UNKNOWN_ID,
} from '../../../test/harness.js';
import { readFromCache, readUntilHit } from '../../../test/cache-reads.js';
import { mailsTo } from '../../../test/outbox.js';
import { createProduct } from '../../../test/fixtures.js';

let t: TestContext;
let admin: Account;
let shoppers: Account[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  shoppers = [];
  for (const name of ['Mona Ali', 'Omar Hassan', 'Nour Adel', 'Karim Said', 'Hana Fathy'])
    shoppers.push(await registerShopper(t.app, name));
});
afterAll(() => t.close());

const shopper = (i: number): Account => {
  const account = shoppers[i];
  if (!account) throw new Error(`no shopper ${i}`);
  return account;
};

const review = (account: Account | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: account?.headers ?? {}, payload });
const rate = (i: number, productId: string, rating: number, title = `Rated ${rating}`) =>
  review(shopper(i), { product: productId, rating, title, comment: 'Bought it last month' });
const reviewsOf = async (productId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/review/product/${productId}` })).json() as Review[];
const ratingOf = async (productId: string) => {
  const [row] = await t.app.db
    .select({ rating: products.rating, numReviews: products.numReviews })
    .from(products)
    .where(eq(products.id, productId));
  return row;
};
const del = (id: string, account: Account | null) =>
  t.app.inject({ method: 'DELETE', url: `/api/review/${id}`, headers: account?.headers ?? {} });

async function buy(account: Account, productId: string, status: OrderStatus) {
  const [order] = await t.app.db
    .insert(orders)
    .values({
      userId: account.id,
      status,
      paymentMethod: 'cash',
      itemsTotal: 10000,
      shipping: 2100,
      codFee: 900,
      bill: 13000,
      deliveryAddress: {
        street: 'Tahrir St',
        building: '5',
        city: 'Cairo',
        state: 'Cairo',
        phone: '01012345678',
        zipCode: '11511',
        country: 'Egypt',
      },
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not created');
  // The line records the product as it is: the commit takes its unit only from the product the line names.
  const [product] = await t.app.db.select().from(products).where(eq(products.id, productId));
  if (!product) throw new Error('no such product');
  await t.app.db.insert(orderItems).values({
    orderId: order.id,
    productId,
    name: product.name,
    nameAr: product.nameAr,
    price: product.price,
    imagePaths: product.imagePaths,
    quantity: 1,
  });
}

describe('POST /api/review', () => {
  it('creates a review for a shopper and updates the rating', async () => {
    const p = await createProduct(t.app.db);
    const res = await rate(0, p.id, 4);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      user: { _id: shopper(0).id, name: 'Mona Ali' },
      rating: 4,
      title: 'Rated 4',
      comment: 'Bought it last month',
      date: expect.any(String),
      verified: false,
      reply: null,
    });
    expect(await ratingOf(p.id)).toEqual({ rating: 4, numReviews: 1 });
  });

  it('refuses visitors (401) and admins (403)', async () => {
    const p = await createProduct(t.app.db);
    const payload = { product: p.id, rating: 5, title: 'Great', comment: 'Really' };
    expect((await review(null, payload)).statusCode).toBe(401);
    expect((await review(admin, payload)).statusCode).toBe(403);
  });

  it('validates the rating and the texts', async () => {
    const p = await createProduct(t.app.db);
    for (const rating of [0, 6, 2.5]) {
      const res = await rate(0, p.id, rating);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ rating: 'Rating must be 1 to 5' });
    }
    const res = await review(shopper(0), { product: p.id, rating: 3 });
    expect(res.json().errors).toEqual({ title: MSG.requiredField, comment: MSG.requiredField });
    expect((await review(shopper(0), { product: 'nope', rating: 3, title: 'a', comment: 'b' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await rate(0, UNKNOWN_ID, 5);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it("replaces the shopper's earlier review of the same product", async () => {
    const p = await createProduct(t.app.db);
    const first = (await rate(0, p.id, 2, 'Meh')).json() as Review;
    const second = (await rate(0, p.id, 5, 'Grew on me')).json() as Review;
    expect(second._id).toBe(first._id);
    expect(await reviewsOf(p.id)).toEqual([
      expect.objectContaining({ _id: first._id, rating: 5, title: 'Grew on me' }),
    ]);
    expect(await ratingOf(p.id)).toEqual({ rating: 5, numReviews: 1 });
  });

  it('keeps the average to the nearest half star', async () => {
    const p = await createProduct(t.app.db);
    const steps: [number, number, number][] = [
      // [shopper, rating, expected average]
      [0, 4, 4], // 4
      [1, 5, 4.5], // 4.5
      [2, 4, 4.5], // 4.33
      [3, 4, 4.5], // 4.25 rounds up
      [4, 4, 4], // 4.2
      [0, 1, 3.5], // 1,5,4,4,4 = 3.6
    ];
    for (const [i, rating, average] of steps) {
      expect((await rate(i, p.id, rating)).statusCode).toBe(201);
      expect((await ratingOf(p.id))?.rating).toBe(average);
    }
    expect((await ratingOf(p.id))?.numReviews).toBe(5);
  });
});

describe('GET /api/review/product/:id', () => {
  it('lists reviews newest first, verified when the author bought the product', async () => {
    const p = await createProduct(t.app.db);
    await buy(shopper(1), p.id, 'delivered');
    await buy(shopper(2), p.id, 'pending');
    await buy(shopper(2), p.id, 'cancelled');
    await buy(shopper(3), (await createProduct(t.app.db)).id, 'paid');
    for (const i of [1, 2, 3]) await rate(i, p.id, 3);
    const list = await reviewsOf(p.id);
    expect(list.map((r) => [r.user.name, r.verified])).toEqual([
      ['Karim Said', false],
      ['Nour Adel', false],
      ['Omar Hassan', true],
    ]);
    const times = list.map((r) => Date.parse(r.date));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it.each(['paid', 'confirmed', 'shipped', 'delivered'] as const)('counts a %s order as a purchase', async (status) => {
    const p = await createProduct(t.app.db);
    await buy(shopper(4), p.id, status);
    await rate(4, p.id, 5);
    expect((await reviewsOf(p.id))[0]?.verified).toBe(true);
  });

  it('answers an empty list for unknown and malformed ids', async () => {
    expect(await reviewsOf(UNKNOWN_ID)).toEqual([]);
    expect(await reviewsOf('abc')).toEqual([]);
  });
});

describe('GET /api/review/product/:id/page', () => {
  const pageOf = async (productId: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/review/product/${productId}/page${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReviewPage>();
  };

  it('gives a popular product’s reviews ten at a time, newest first, with every review counted by stars', async () => {
    const p = await createProduct(t.app.db);
    // 23 shoppers, the i-th giving 5, 4, 3, 5, 4, 3… stars, an hour apart, the last the newest.
    const authors = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 23 }, (_, i) => ({ name: `Reader ${i}`, phone: `+2010000${String(i).padStart(5, '0')}` })),
      )
      .returning({ id: users.id });
    await t.app.db.insert(reviews).values(
      authors.map((author, i) => ({
        productId: p.id,
        userId: author.id,
        rating: 5 - (i % 3),
        title: `Review ${i}`,
        comment: 'Fits well',
        createdAt: new Date(Date.UTC(2026, 10, 1, i)),
      })),
    );
    const stars = [
      { stars: 5, count: 8 },
      { stars: 4, count: 8 },
      { stars: 3, count: 7 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ];
    const first = await pageOf(p.id);
    expect(first.pages).toBe(3);
    expect(first.stars).toEqual(stars);
    expect(first.reviews.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Review ${22 - i}`));
    const last = await pageOf(p.id, '?page=3');
    expect(last.reviews.map((r) => r.title)).toEqual(['Review 2', 'Review 1', 'Review 0']);
    expect(last.stars).toEqual(stars);
    // Narrowed to three stars: i = 2, 5, … 20, one page; every review still counted.
    const three = await pageOf(p.id, '?stars=3');
    expect(three).toMatchObject({ pages: 1, stars });
    expect(three.reviews.map((r) => r.title)).toEqual([20, 17, 14, 11, 8, 5, 2].map((i) => `Review ${i}`));
    expect(await pageOf(p.id, '?stars=1')).toMatchObject({ reviews: [], pages: 0 });
    expect(await pageOf(p.id, '?page=9')).toMatchObject({ reviews: [], pages: 3 });

    // Read through the response cache, and written anew: the first page tells of the new review at once.
    await readFromCache((url) => t.app.inject({ method: 'GET', url }), `/api/review/product/${p.id}/page`);
    await rate(0, p.id, 1, 'Too small');
    const fresh = await pageOf(p.id);
    expect(fresh.reviews[0]?.title).toBe('Too small');
    expect(fresh.stars.at(-1)).toEqual({ stars: 1, count: 1 });
    expect(fresh.pages).toBe(3);
  });

  it('refuses a page or stars out of range, and answers nothing for unknown and malformed ids', async () => {
    for (const query of ['?page=0', '?stars=6', '?stars=0', '?stars=two'])
      expect((await t.app.inject({ url: `/api/review/product/${UNKNOWN_ID}/page${query}` })).statusCode).toBe(400);
    for (const id of [UNKNOWN_ID, 'abc']) expect(await pageOf(id)).toMatchObject({ reviews: [], pages: 0 });
  });
});

describe('DELETE /api/review/:id', () => {
  it('lets the author delete their review and recomputes the rating, unaudited', async () => {
    const p = await createProduct(t.app.db);
    const mine = (await rate(0, p.id, 5)).json() as Review;
    await rate(1, p.id, 2);
    const res = await del(mine._id, shopper(0));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Review Deleted Successfully' });
    expect(await ratingOf(p.id)).toEqual({ rating: 2, numReviews: 1 });
    const audits = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'review_delete'));
    expect(audits.some((a) => (a.data as { id?: string } | null)?.id === mine._id)).toBe(false);
  });

  it("refuses another shopper's review (403) and visitors (401)", async () => {
    const p = await createProduct(t.app.db);
    const theirs = (await rate(0, p.id, 5)).json() as Review;
    expect((await del(theirs._id, shopper(1))).statusCode).toBe(403);
    expect((await del(theirs._id, null)).statusCode).toBe(401);
    expect(await reviewsOf(p.id)).toHaveLength(1);
  });

  it('lets an admin delete any review, audited', async () => {
    const p = await createProduct(t.app.db);
    const theirs = (await rate(2, p.id, 1)).json() as Review;
    const res = await del(theirs._id, admin);
    expect(res.statusCode).toBe(200);
    expect(await ratingOf(p.id)).toEqual({ rating: 0, numReviews: 0 });
    const [last] = await t.app.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(last).toMatchObject({
      type: 'admin',
      action: 'review_delete',
      userId: admin.id,
      data: { id: theirs._id, productId: p.id, authorId: shopper(2).id },
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await del(UNKNOWN_ID, admin)).statusCode).toBe(404);
    expect((await del('x', shopper(0))).statusCode).toBe(404);
  });
});

describe("The shop's answers to reviews", () => {
  const answer = (id: string, account: Account | null, text: unknown, revision = 1) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}/reply`,
      headers: account?.headers ?? {},
      payload: { text, revision },
    });
  const takeDown = (id: string, account: Account | null) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${id}/reply`, headers: account?.headers ?? {} });
  const listed = async (account: Account, query: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: account.headers, query });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminReviewPage;
  };

  it('shows an answer under its review at once, logs it, and takes it down again', async () => {
    const support = await createStaff(t.app, 'support', 'Salma');
    const p = await createProduct(t.app.db);
    const theirs = (await rate(0, p.id, 2, 'Arrived late')).json() as Review;
    // The product's reviews are answered from the response cache when the answer is written.
    const { hit } = await readUntilHit((url) => t.app.inject({ method: 'GET', url }), `/api/review/product/${p.id}`);
    expect((hit.json() as Review[])[0]?.reply).toBeNull();

    const res = await answer(theirs._id, support, '  Sorry: the courier was late, we changed couriers.  ');
    expect(res.statusCode).toBe(200);
    const text = 'Sorry: the courier was late, we changed couriers.';
    expect((res.json() as Review).reply?.text).toBe(text);
    const [shown] = await reviewsOf(p.id);
    expect(shown?.reply).toEqual({ text, date: expect.any(String) });
    expect(await lastAudit(t.app)).toMatchObject({
      action: 'review_reply',
      userId: support.id,
      data: { id: theirs._id, productId: p.id, authorId: shopper(0).id, title: 'Arrived late', reply: text },
    });

    expect((await takeDown(theirs._id, support)).statusCode).toBe(204);
    expect((await reviewsOf(p.id))[0]?.reply).toBeNull();
    expect(await lastAudit(t.app)).toMatchObject({
      action: 'review_reply_delete',
      data: { id: theirs._id, productId: p.id, title: 'Arrived late', reply: text },
    });
    const logged = (await lastAudit(t.app))?.id;
    // Nothing left to take down: nothing changes, nothing is logged.
    expect((await takeDown(theirs._id, support)).statusCode).toBe(204);
    expect((await lastAudit(t.app))?.id).toBe(logged);
  });

  it('lists every product’s reviews newest first, by stars and by those waiting for an answer', async () => {
    const [kettle, fan] = [await createProduct(t.app.db), await createProduct(t.app.db)];
    const low = (await rate(1, kettle.id, 1, 'Broke in a week')).json() as Review;
    const high = (await rate(1, fan.id, 5, 'Quiet and strong')).json() as Review;
    const answered = (await rate(2, fan.id, 4, 'Good fan')).json() as Review;
    await answer(answered._id, admin, 'Thank you!');

    const all = await listed(admin);
    expect(all.reviews.slice(0, 3).map((r) => r._id)).toEqual([answered._id, high._id, low._id]);
    expect(all.reviews[0]).toMatchObject({
      product: { _id: fan.id, name: fan.name },
      user: { _id: shopper(2).id },
      reply: { text: 'Thank you!' },
      revision: 1,
      changedSinceReply: false,
    });
    expect(all.total).toBeGreaterThanOrEqual(3);

    const ones = await listed(admin, { rating: '1' });
    expect(ones.reviews[0]?._id).toBe(low._id);
    expect(ones.reviews.every((r) => r.rating === 1)).toBe(true);

    const waiting = await listed(admin, { awaiting: 'true' });
    expect(waiting.reviews.slice(0, 2).map((r) => r._id)).toEqual([high._id, low._id]);
    expect(waiting.reviews.every((r) => r.reply === null)).toBe(true);

    // Its author writes it again: the answer stays, and the review waits for another look.
    await rate(2, fan.id, 2, 'It stopped after a month');
    const again = await listed(admin, { awaiting: 'true' });
    expect(again.reviews[0]).toMatchObject({
      _id: answered._id,
      title: 'It stopped after a month',
      reply: { text: 'Thank you!' },
      revision: 2,
      changedSinceReply: true,
    });
    // Answered again, to the words now there, it waits no more.
    expect((await answer(answered._id, admin, 'Sorry: send it back, we replace it.', 2)).statusCode).toBe(200);
    expect((await listed(admin, { awaiting: 'true' })).reviews.some((r) => r._id === answered._id)).toBe(false);
  });

  it('refuses an answer to words its author changed while staff wrote it, in both languages', async () => {
    const p = await createProduct(t.app.db);
    const theirs = (await rate(4, p.id, 2, 'Too loud')).json() as Review;
    // Staff opened the form on revision 1; the author writes the review again before they publish.
    await rate(4, p.id, 1, 'Too loud, and it broke');
    const refused = await answer(theirs._id, admin, 'It is quiet for its power');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: API_MSG.reviewChangedWhileAnswered });
    const arabic = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${theirs._id}/reply`,
      headers: { ...admin.headers, 'accept-language': 'ar' },
      payload: { text: 'It is quiet for its power', revision: 1 },
    });
    expect(arabic.json()).toEqual({ message: API_MSG_AR.reviewChangedWhileAnswered });
    const [shown] = await reviewsOf(p.id);
    expect(shown).toMatchObject({ title: 'Too loud, and it broke', reply: null });
  });

  it('refuses visitors, shoppers, staff without the permission, bad answers and unknown reviews', async () => {
    const p = await createProduct(t.app.db);
    const theirs = (await rate(3, p.id, 3)).json() as Review;
    const desk = await createStaff(t.app, 'orders', 'Desk');
    expect((await answer(theirs._id, null, 'Thanks')).statusCode).toBe(401);
    expect((await answer(theirs._id, shopper(3), 'Thanks')).statusCode).toBe(403);
    expect((await answer(theirs._id, desk, 'Thanks')).statusCode).toBe(403);
    expect((await takeDown(theirs._id, desk)).statusCode).toBe(403);
    expect((await del(theirs._id, desk)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: desk.headers });
    expect(list.statusCode).toBe(403);

    const blank = await answer(theirs._id, admin, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: MSG.requiredField });
    const long = await answer(theirs._id, admin, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect((await answer(UNKNOWN_ID, admin, 'Thanks')).statusCode).toBe(404);
    expect((await answer('x', admin, 'Thanks')).statusCode).toBe(404);
    expect((await takeDown(UNKNOWN_ID, admin)).statusCode).toBe(404);
    expect((await reviewsOf(p.id))[0]?.reply).toBeNull();
    const badQuery = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reviews',
      headers: admin.headers,
      query: { rating: '6' },
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('tells the author of the first answer to each writing, by their channel and in the language they wrote in', async () => {
    const author = await registerShopper(t.app, 'Yara');
    const p = await createProduct(t.app.db, { name: 'Tornado Kettle', nameAr: 'غلاية تورنادو' });
    const write = async (title: string, language: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: { ...author.headers, 'accept-language': language },
        payload: { product: p.id, rating: 3, title, comment: 'Slow to boil' },
      });
      return res.json() as Review;
    };
    const theirs = await write('Slow', 'ar');
    expect((await answer(theirs._id, admin, 'Descale it once a month')).statusCode).toBe(200);
    // A correction of the same answer tells nobody again.
    expect((await answer(theirs._id, admin, 'Descale it once a month, please')).statusCode).toBe(200);
    const mails = await mailsTo(t, author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'رد المتجر على مراجعتك' });
    expect(mails[0]?.text).toMatch(
      new RegExp(`^EGP Shop: رد المتجر على مراجعتك لمنتج غلاية تورنادو: \\S+/ar/product/one/${p.id}$`),
    );

    // Written again, in English, and answered again: told again, in English.
    await write('Slow, and loud', 'en');
    expect((await answer(theirs._id, admin, 'Sorry: send it back, we replace it', 2)).statusCode).toBe(200);
    const told = await mailsTo(t, author.email);
    expect(told).toHaveLength(2);
    expect(told[1]).toMatchObject({ subject: 'The shop answered your review' });
    expect(told[1]?.text).toMatch(
      new RegExp(`^EGP Shop answered your review of Tornado Kettle: \\S+/product/one/${p.id}$`),
    );
  });

  it('tells an author who wrote STOP on WhatsApp by e-mail instead, and one with no address nothing', async () => {
    const p = await createProduct(t.app.db);
    const [stopped, unreachable] = [await registerShopper(t.app, 'Hoda'), await registerShopper(t.app, 'Sami')];
    await t.app.db
      .update(users)
      .set({ contactChannel: 'whatsapp', verifiedPhone: '+201055500011', whatsappStoppedAt: new Date() })
      .where(eq(users.id, stopped.id));
    // Chose WhatsApp, but never proved a number.
    await t.app.db.update(users).set({ contactChannel: 'whatsapp' }).where(eq(users.id, unreachable.id));
    for (const [i, author] of [stopped, unreachable].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: author.headers,
        payload: { product: p.id, rating: 4, title: `Fine ${i}`, comment: 'Works' },
      });
      expect((await answer((res.json() as Review)._id, admin, 'Thank you')).statusCode).toBe(200);
    }
    const queued = await t.app.db
      .select({ channel: messages.channel, to: messages.to })
      .from(messages)
      .where(eq(messages.kind, 'review_answered'))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(queued).toEqual([{ channel: 'email', to: stopped.email }]);
  });

  it('lets staff who manage reviews delete any review, logged', async () => {
    const support = await createStaff(t.app, 'support', 'Salma');
    const p = await createProduct(t.app.db);
    const theirs = (await rate(4, p.id, 1, 'Spam link')).json() as Review;
    expect((await del(theirs._id, support)).statusCode).toBe(200);
    expect(await reviewsOf(p.id)).toEqual([]);
    expect(await lastAudit(t.app)).toMatchObject({ action: 'review_delete', userId: support.id });
  });
});
