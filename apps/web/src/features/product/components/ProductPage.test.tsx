import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, dayInCairo, type ProductDetail, type Variant } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { reviewPages } from '../../../test/reviews';
import { ProductPage } from './ProductPage';

const phone: ProductDetail = {
  _id: 'p1',
  name: 'Apple iPhone 15',
  nameAr: null,
  price: 51999,
  compareAtPrice: null,
  stock: 0,
  rating: 4.5,
  numReviews: 1,
  image_path: ['/uploads/a.webp', '/uploads/b.webp'],
  category: { _id: 'c1', name: 'Smartphones', nameAr: null },
  department: { _id: 'd1', name: 'Mobiles & Tablets', nameAr: null },
  brand: 'Apple',
  description: 'A phone.',
  descriptionAr: null,
  weight: 0.4,
  cod: false,
  warranty: null,
  warrantyAr: null,
  saleEndsOn: null,
};
const review = {
  _id: 'r1',
  user: { _id: 'u1', name: 'Mariam Adel' },
  rating: 5,
  title: 'Great',
  comment: 'Love it',
  date: '2025-01-02T10:00:00Z',
  verified: true,
  reply: null,
};

describe('ProductPage', () => {
  afterEach(() => act(() => changeLanguage('en')));
  it("shows a product that is not there as the site's not-found page, with a danger alert of the error message", async () => {
    mockApi({ 'GET /api/product/one/nope': { status: 404, body: { message: 'Product not found' } } });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/nope' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Product not found');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('We could not find that page – EGP Shop');
  });

  it('shows a product that could not be loaded with a danger alert of the error message, and a retry', async () => {
    let fails = true;
    mockApi({
      'GET /api/product/one/p1': () =>
        fails ? { status: 503, body: { message: 'Service unavailable' } } : { body: phone },
      'GET /api/review/product/p1/page': reviewPages(),
    });
    const user = userEvent.setup();
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Service unavailable');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Apple iPhone 15' })).toBeInTheDocument();
  });

  it('shows the details, the stock state and the reviews with their verified badge', async () => {
    mockApi({ 'GET /api/product/one/p1': { body: phone }, 'GET /api/review/product/p1/page': reviewPages([review]) });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    expect(await screen.findByRole('heading', { name: 'Apple iPhone 15' })).toBeInTheDocument();
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
    expect(screen.getByText('0.4 kg')).toBeInTheDocument();
    expect(await screen.findByText('Verified purchase')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the review/ })).not.toBeInTheDocument();
  });

  it('shows the shop’s answer under its review, and the summary, in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    const answered = { ...review, reply: { text: 'شكرًا لك يا مريم', date: '2025-01-03T10:00:00Z' } };
    mockApi({ 'GET /api/product/one/p1': { body: phone }, 'GET /api/review/product/p1/page': reviewPages([answered]) });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    const article = await screen.findByRole('article', { name: 'Great' });
    expect(within(article).getByText(/^رد المتجر، /)).toHaveTextContent('2025');
    expect(within(article).getByText('شكرًا لك يا مريم')).toBeInTheDocument();
    // The summary's row, and what it says once chosen.
    await userEvent.click(screen.getByRole('button', { name: /^5 نجوم 100/ }));
    expect(
      await within(screen.getByRole('region', { name: 'مراجعات العملاء' })).findByText(
        'مراجعات التقييم 5 من 5 فقط: 1 من 1. اختر الصف نفسه مرة أخرى لعرض الكل.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('sums the reviews up by stars, and a row shows only its reviews until pressed again', async () => {
    const user = userEvent.setup();
    const rated = (id: string, rating: number, title: string) => ({ ...review, _id: id, rating, title });
    mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': reviewPages([
        rated('r1', 5, 'Great'),
        rated('r2', 5, 'Superb'),
        rated('r3', 4, 'Good'),
        rated('r4', 1, 'Broke'),
      ]),
    });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    // 3.75 on average, kept to the nearest half star as the product's rating is.
    expect(await screen.findByText('4 out of 5')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: /^Reviews by stars/ })).getAllByRole('button');
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' '))).toEqual([
      '5 stars 50%',
      '4 stars 25%',
      '3 stars 0%',
      '2 stars 0%',
      '1 star 25%',
    ]);
    expect(rows[2]).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '1 star 25%' }));
    expect(screen.getByRole('button', { name: '1 star 25%' })).toHaveAttribute('aria-pressed', 'true');
    // The other reviews go at once; the row's own are asked of the API.
    expect(screen.queryByRole('article', { name: 'Superb' })).not.toBeInTheDocument();
    expect((await screen.findAllByRole('article')).map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'review-r4',
    ]);
    const reviewsRegion = screen.getByRole('region', { name: 'Customer reviews' });
    expect(within(reviewsRegion).getByRole('status')).toHaveTextContent(
      'Only the 1-star reviews: 1 of 4. Choose the row again to show all.',
    );
    await user.click(screen.getByRole('button', { name: '1 star 25%' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(within(reviewsRegion).getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows a popular product’s reviews ten at a time, and more as the shopper asks', async () => {
    const user = userEvent.setup();
    // 12 give five stars and 11 four, newest first: the first page alone would say half and half.
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...review,
      _id: `r${i}`,
      title: `Review ${i}`,
      rating: i % 2 ? 4 : 5,
    }));
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': reviewPages(many),
    });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    const more = await screen.findByRole('button', { name: 'Show more reviews' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    // Every review counted, not only those shown.
    expect(screen.getByRole('button', { name: '5 stars 52%' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '4 stars 48%' })).toBeInTheDocument();
    await user.click(more);
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    // The keyboard's place: the first review it brought.
    expect(screen.getByRole('article', { name: 'Review 10' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/review/')).map((call) => call.path)).toEqual([
      '/api/review/product/p1/page?page=1',
      '/api/review/product/p1/page?page=2',
      '/api/review/product/p1/page?page=3',
    ]);
  });

  it('keeps the reviews shown when the next page fails, saying so, and tries again when asked', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ ...review, _id: `r${i}`, title: `Review ${i}` }));
    let down = true;
    const pages = reviewPages(many);
    mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': (request) =>
        down && new URL(request.url).searchParams.get('page') === '2'
          ? { status: 503, body: { message: 'Service unavailable' } }
          : pages(request),
    });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    await user.click(await screen.findByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this');
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('list', { name: /^Reviews by stars/ })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
  });

  it('loads the pages shown again once a review is deleted, the summary with them', async () => {
    const user = userEvent.setup();
    let many = Array.from({ length: 12 }, (_, i) => ({ ...review, _id: `r${i}`, title: `Review ${i}`, rating: 4 }));
    many[0] = { ...review, _id: 'r0', title: 'Mine', rating: 1 };
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': (request) => reviewPages(many)(request),
      'DELETE /api/review/r0': () => {
        many = many.slice(1);
        return { body: { message: 'Review deleted' } };
      },
    });
    renderRoute(<ProductPage />, {
      path: '/product/one/:id',
      url: '/product/one/p1',
      preloadedState: { session: shopperSession },
    });
    await user.click(await screen.findByRole('button', { name: 'Show more reviews' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getByRole('button', { name: '1 star 8%' })).toBeInTheDocument();
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Delete the review “Mine”' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(11));
    expect(screen.getByRole('button', { name: '1 star 0%' })).toBeDisabled();
    // The product too (its rating): the pages in order, each once.
    expect(calls.filter((call) => call.path.includes('/review')).map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/review/r0',
      'GET /api/review/product/p1/page?page=1',
      'GET /api/review/product/p1/page?page=2',
    ]);
  });

  it("lets a review's author delete it with the 'Review Deleted Successfully' toast", async () => {
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': reviewPages([review]),
      'DELETE /api/review/r1': { body: { message: 'Review deleted' } },
    });
    renderRoute(<ProductPage />, {
      path: '/product/one/:id',
      url: '/product/one/p1',
      preloadedState: { session: shopperSession },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the review “Great”' }));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /api/review/r1');
  });

  it.each([
    ['orders', false],
    ['support', true],
  ] as const)("offers a staff member of the %s role Delete on a shopper's review: %s", async (role, offered) => {
    const staff = { ...shopperSession, user: { ...shopperSession.user, _id: 'a1', name: 'Salma', role: true } };
    mockApi({
      'GET /api/product/one/p1': { body: phone },
      'GET /api/review/product/p1/page': reviewPages([review]),
      'GET /api/staff/me': { body: { role, permissions: [...BUILT_IN_ROLES[role]] } },
    });
    const { store } = renderRoute(<ProductPage />, {
      path: '/product/one/:id',
      url: '/product/one/p1',
      preloadedState: { session: staff },
    });
    await screen.findByText('Verified purchase');
    // The API deletes another's review only for staff with reviews.manage; the page asks what the role allows.
    await vi.waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getStaffSelf' && query.status === QueryStatus.fulfilled,
        ),
      ).toBe(true),
    );
    expect(Boolean(screen.queryByRole('button', { name: 'Delete the review “Great”' }))).toBe(offered);
  });

  it('sends a visitor who wants to write a review to /login, to come back to the product', async () => {
    mockApi({ 'GET /api/product/one/p1': { body: phone }, 'GET /api/review/product/p1/page': reviewPages() });
    const { router } = renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Write a product review' }));
    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/product/one/p1' });
  });

  it('takes a shopper to /AddReview with the product id', async () => {
    mockApi({ 'GET /api/product/one/p1': { body: phone }, 'GET /api/review/product/p1/page': reviewPages() });
    renderRoute(<ProductPage />, {
      path: '/product/one/:id',
      url: '/product/one/p1',
      preloadedState: { session: shopperSession },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Write a product review' }));
    expect(await screen.findByText('page /AddReview?product=p1')).toBeInTheDocument();
  });

  it('gives the page its head, as the server would: description, canonical and Open Graph with the first picture', async () => {
    mockApi({
      'GET /api/product/one/p1': { body: { ...phone, description: 'A phone.\n\nWith a camera.' } },
      'GET /api/review/product/p1/page': reviewPages(),
    });
    renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    await screen.findByRole('heading', { name: 'Apple iPhone 15' });
    const head = (selector: string, attribute = 'content') =>
      document.head.querySelector(selector)?.getAttribute(attribute);
    // Its readable address, named in the page's language, is the canonical one.
    const address = `${window.location.origin}/product/one/p1/apple-iphone-15`;
    expect(document.title).toBe('Apple iPhone 15 – EGP Shop');
    expect(head('meta[name="description"]')).toBe('A phone. With a camera.');
    expect(head('link[rel="canonical"]', 'href')).toBe(address);
    expect(head('meta[property="og:title"]')).toBe('Apple iPhone 15 – EGP Shop');
    expect(head('meta[property="og:description"]')).toBe('A phone. With a camera.');
    expect(head('meta[property="og:url"]')).toBe(address);
    expect(head('meta[property="og:image"]')).toBe(`${window.location.origin}/uploads/a.webp`);
  });
});

/**
 * The phone in storages and colours: 128GB at 51,999; 256GB at 57,999, on sale from 61,999; 512GB at 69,999, the
 * green one at 71,999.
 */
const STORAGES = { '128GB': [51999, 51999], '256GB': [57999, 57999], '512GB': [69999, 71999] } as const;
const phoneInVariants: ProductDetail = {
  ...phone,
  stock: 27,
  options: [
    {
      name: 'Storage',
      nameAr: 'السعة',
      values: Object.keys(STORAGES).map((value) => ({ value, valueAr: null })),
    },
    {
      name: 'Colour',
      nameAr: 'اللون',
      values: [
        { value: 'Black', valueAr: 'أسود' },
        { value: 'Blue', valueAr: 'أزرق' },
        { value: 'Green', valueAr: 'أخضر' },
      ],
    },
  ],
  variants: Object.entries(STORAGES).flatMap(([storage, [price, greenPrice]]) =>
    ['Black', 'Blue', 'Green'].map((colour): Variant => ({
      _id: `v-${storage}-${colour}`,
      sku: `IP15-${storage}-${colour}`,
      options: { Storage: storage, Colour: colour },
      price: colour === 'Green' ? greenPrice : price,
      compareAtPrice: storage === '256GB' ? 61999 : null,
      stock: 3,
      image_path: [],
    })),
  ),
};

describe('the price of a product in variants, as options are chosen', () => {
  afterEach(() => changeLanguage('en'));

  async function openPhone(product: ProductDetail = phoneInVariants) {
    mockApi({
      'GET /api/product/one/p1': { body: product },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/payment/config': {
        body: {
          provider: 'offline',
          methods: [],
          hostedCheckout: false,
          offers: [],
          instalments: [{ method: 'valu', minBill: 0, months: [6, 12], interestPercent: 0 }],
        },
      },
    });
    const { container } = renderRoute(<ProductPage />, { path: '/product/one/:id', url: '/product/one/p1' });
    await screen.findByRole('heading', { name: 'Apple iPhone 15' });
    return {
      price: () => container.querySelector('.product-detail-price'),
      choose: (option: RegExp, value: string) =>
        userEvent.click(within(screen.getByRole('group', { name: option })).getByRole('button', { name: value })),
    };
  }

  it('shows the price the chosen storage’s phones share, with their sale, and its instalments, without "From"', async () => {
    const { price, choose } = await openPhone();
    expect(price()).toHaveTextContent(/^From EGP 51,999$/);
    await choose(/Storage/, '256GB');
    expect(price()).toHaveTextContent(/^EGP 57,999 Was EGP 61,999 Save EGP 4,000 \(6%\)$/);
    // 57,999 over 12 months.
    expect(await screen.findByTestId('instalments-from')).toHaveTextContent('Instalments from EGP 4,833.25 a month');
  });

  it('says how long the sale shown holds: its last day, or today on the day, in both languages', async () => {
    const { choose } = await openPhone({ ...phoneInVariants, saleEndsOn: '2099-12-10' });
    // From its lowest price, which is not on sale: nothing to end.
    expect(screen.queryByText(/Offer ends/)).not.toBeInTheDocument();
    await choose(/Storage/, '256GB');
    expect(screen.getByText('Offer ends Thursday, December 10')).toBeVisible();
    cleanup();

    await changeLanguage('ar');
    await openPhone({ ...phone, price: 49999, compareAtPrice: 51999, saleEndsOn: dayInCairo(new Date()) });
    expect(screen.getByText('ينتهي العرض اليوم')).toBeVisible();
    cleanup();
    // Its day past, in the minute before the sale's prices come back: nothing said.
    await openPhone({ ...phone, price: 49999, compareAtPrice: 51999, saleEndsOn: '2020-01-31' });
    expect(screen.queryByText(/ينتهي العرض/)).not.toBeInTheDocument();
  });

  it('keeps "From" with the lowest price of the chosen storage’s phones while they differ', async () => {
    const { price, choose } = await openPhone();
    await choose(/Storage/, '512GB');
    expect(price()).toHaveTextContent(/^From EGP 69,999$/);
    expect(await screen.findByTestId('instalments-from')).toHaveTextContent('Instalments from EGP 5,833.25 a month');
    await choose(/Colour/, 'Green');
    expect(price()).toHaveTextContent(/^EGP 71,999$/);
  });

  it('says the same in Arabic: the shared price plainly, "ابتداءً من" the lowest while they differ', async () => {
    await changeLanguage('ar');
    const { price, choose } = await openPhone();
    expect(price()).toHaveTextContent('ابتداءً من');
    await choose(/السعة/, '256GB');
    expect(price()).toHaveTextContent('57,999 ج.م.');
    expect(price()).not.toHaveTextContent('ابتداءً من');
    await choose(/السعة/, '512GB');
    expect(price()).toHaveTextContent(/^ابتداءً من \u200f69,999 ج\.م\.\u200f$/);
  });
});
