import { demoAdmin, signedInShopper, signIn } from '../support/accounts';
import {
  categories,
  COUNTED_CATEGORY,
  demoProduct,
  departments,
  ELECTRONICS_CATEGORIES,
  SEED_DEPARTMENTS,
  TEST_CATEGORY,
  uniqueWord,
  type ApiProduct,
} from '../support/catalog';
import { test, expect } from '../support/test';
import { egp, expectCartCount, gridCards, productCard, recordToasts, shownToasts, toast } from '../support/ui';

/** The product grid shows at most 8 products per view. */
const PAGE_SIZE = 8;

test.describe('home', () => {
  test('the carousel shows 4 banners and turns every 3 seconds', async ({ page }) => {
    // A paused fake clock, moved on only by the test: with a running one, the expectations' retries would wait for
    // the banners to turn at any pace. The pause is an hour on, as pauseAt cannot go back (success.spec.ts).
    const start = new Date('2026-03-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 3_600_000));
    // The app starts on a timer (its first task), so the page is looked at as it arrives, before the app is ready.
    await page.goto('/', { waitUntil: 'commit' });
    const carousel = page.locator('.banner-carousel');
    const slides = carousel.locator('.carousel-item');
    await expect(slides).toHaveCount(4);
    await expect(carousel.getByRole('button', { name: /^Show offer \d of 4$/ })).toHaveCount(4);
    await expect(slides.nth(0)).toHaveClass(/\bactive\b/);

    // The clock moves on 100 ms at a time, and each timer the banners set waits for the step after React drew what
    // set it: a banner stays 3 s, then slides for 0.6 s, so the next is shown 3.6 s after the last, give or take a
    // few steps.
    const stepsUntilShown = async (index: number) => {
      for (let step = 0; step < 100; step++) {
        if (/\bactive\b/.test((await slides.nth(index).getAttribute('class')) ?? '')) return step;
        await page.clock.runFor(100);
      }
      throw new Error(`banner ${index + 1} was never shown`);
    };
    // The app loads in real time and starts on a timer: the clock moves on until it is ready, however long that takes.
    const ready = page.locator('html[data-app="ready"]');
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return ready.count();
      })
      .toBe(1);
    await stepsUntilShown(1);
    const shownAfter = (await stepsUntilShown(2)) * 100;
    expect(shownAfter).toBeGreaterThanOrEqual(3_400);
    expect(shownAfter).toBeLessThanOrEqual(4_000);
    await expect(slides.nth(1)).not.toHaveClass(/\bactive\b/);
  });

  test('lists the departments, each linking to its page', async ({ page, request }) => {
    const all = await departments(request);
    await page.goto('/');
    const list = page.getByRole('region', { name: 'Shop by department' }).getByRole('link');
    for (const name of SEED_DEPARTMENTS) await expect(list.filter({ hasText: name })).toHaveCount(1);
    const fashion = all.find((item) => item.name === 'Fashion');
    await list.filter({ hasText: 'Fashion' }).click();
    await expect(page).toHaveURL(`/department/${fashion?._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fashion' })).toBeVisible();
  });

  test('the product grid shows at most 8 products, paged with Prev and Next links bounded by 1 and the page count', async ({
    page,
  }) => {
    await page.goto('/');
    const cards = gridCards(page, 'Products');
    await expect(cards).toHaveCount(PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    // Links to ?page=, so the grid pages without JavaScript too; an end is a link that is off (aria-disabled).
    const prev = pager.getByRole('link', { name: 'Prev' });
    const next = pager.getByRole('link', { name: 'Next' });
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(next).toHaveAttribute('href', '/?page=2');
    const firstPage = await cards.getByRole('link').allTextContents();

    await next.click();
    await expect(page).toHaveURL('/?page=2');
    await expect(pager).toContainText(/Page 2 of \d+/);
    await expect(prev).toBeEnabled();
    await expect(cards).toHaveCount(PAGE_SIZE);
    await expect(cards.getByRole('link')).not.toHaveText(firstPage);

    await expect(prev).toHaveAttribute('href', '/');
    await prev.click();
    await expect(page).toHaveURL('/');
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(prev).toBeDisabled();

    // Past the end (an old link) lands on the last page, where Next stops. Other tests add and remove
    // products meanwhile, which can move the last page while this one loads: then the link is followed again.
    await expect(async () => {
      await page.goto('/?page=9999');
      await expect(pager).toContainText(/Page (\d+) of \1(?!\d)/, { timeout: 3_000 });
      await expect(next).toBeDisabled({ timeout: 1_000 });
    }).toPass();
    await expect(prev).toBeEnabled();
    expect(await cards.count()).toBeLessThanOrEqual(PAGE_SIZE);
    // And before the start is page 1.
    await page.goto('/?page=0');
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(prev).toBeDisabled();
  });
});

test.describe('department and category pages', () => {
  test('a department page shows its categories as cards with show more links, and its products', async ({
    page,
    request,
  }) => {
    const electronics = (await departments(request)).find((item) => item.name === 'Electronics');
    const own = (await categories(request)).filter((item) => item.department._id === electronics?._id);
    await page.goto(`/department/${electronics?._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Categories' }).getByRole('listitem');
    for (const name of ELECTRONICS_CATEGORIES) {
      const category = own.find((item) => item.name === name);
      const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByRole('link', { name: `show more ${name}` })).toHaveText('show more');
      await expect(card.getByRole('link')).toHaveAttribute('href', `/product/category/${category?._id}`);
      await expect(card.locator('img')).toHaveCSS('height', '288px'); // 18rem
    }
    await expect(gridCards(page, 'Products in this department')).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page 1 of \d+/);

    await cards.getByRole('link', { name: `show more ${COUNTED_CATEGORY}` }).click();
    await expect(page).toHaveURL(/\/product\/category\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: COUNTED_CATEGORY })).toBeVisible();
  });

  test('a category page shows all its products as a grid without pagination, even more than 8', async ({
    page,
    makeProduct,
  }) => {
    const made = await Promise.all([1, 2, 3].map(() => makeProduct()));
    const category = made[0]?.category;
    await page.goto(`/product/category/${category?._id}`);
    // The products the page was rendered from (the server writes them beside the page for the browser to
    // take over): exact, whatever other tests add meanwhile.
    const state = JSON.parse((await page.locator('#server-state').textContent()) ?? '{}') as {
      api: { queries: Record<string, { endpointName: string; data?: { products: ApiProduct[] } }> };
    };
    const products = Object.values(state.api.queries).find((query) => query.endpointName === 'getProducts')?.data
      ?.products;
    if (!products) throw new Error('the category page was not rendered with its products');
    expect(products.length).toBeGreaterThan(PAGE_SIZE);
    await expect(page.getByRole('heading', { level: 1, name: TEST_CATEGORY })).toBeVisible();
    await expect(gridCards(page, TEST_CATEGORY)).toHaveCount(products.length);
    for (const product of products) await expect(productCard(page, product.name)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    // The breadcrumb leads to the category's department.
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: made[0]?.department.name }),
    ).toHaveAttribute('href', `/department/${made[0]?.department._id}`);
  });
});

test.describe('product cards', () => {
  test('for a shopper: Add to Cart and a heart; in stock enables the button, out of stock disables it', async ({
    page,
    request,
    makeProduct,
  }) => {
    const marker = uniqueWord('Cards');
    const inStock = await makeProduct({ name: `${marker} available`, stock: 4 });
    const soldOut = await makeProduct({ name: `${marker} sold out`, stock: 0 });
    await signedInShopper(page, request);
    await page.goto(`/searchResults/${marker}`);

    const available = productCard(page, inStock.name);
    await expect(available.getByText('in stock', { exact: true })).toBeVisible();
    await expect(available.getByRole('button', { name: `Add to Cart: ${inStock.name}` })).toBeEnabled();
    await expect(available.getByRole('button', { name: `Add to Cart: ${inStock.name}` })).toHaveText('Add to Cart');
    await expect(available.getByRole('button', { name: `Add ${inStock.name} to favourites` })).toBeVisible();

    const unavailable = productCard(page, soldOut.name);
    await expect(unavailable.getByText('out of stock', { exact: true })).toBeVisible();
    await expect(unavailable.getByRole('button', { name: `Add to Cart: ${soldOut.name}` })).toBeDisabled();
    await expect(unavailable.getByRole('button', { name: `Add ${soldOut.name} to favourites` })).toBeVisible();
    // Each card: name, rating, price in EGP.
    await expect(available.getByRole('img', { name: 'Rated 0 out of 5' })).toBeVisible();
    await expect(available).toContainText(egp(inStock.price));
  });

  test('for an admin: the category name instead of Add to Cart, and no cart or heart controls', async ({
    page,
    request,
  }) => {
    const soldOut = await demoProduct(request, (item) => item.stock === 0);
    await signIn(page, await demoAdmin(request));
    await page.goto(`/product/category/${soldOut.category._id}`);
    const cards = gridCards(page, soldOut.category.name);
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    await expect(cards.getByText(soldOut.category.name, { exact: true })).toHaveCount(count);
    await expect(cards.getByRole('button', { name: /to cart|favourites/i })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('a visitor who adds to the cart or hearts a product goes to /login', async ({ page, makeProduct }) => {
    const item = await makeProduct();
    await page.goto(`/searchResults/${encodeURIComponent(item.name)}`);
    await productCard(page, item.name)
      .getByRole('button', { name: `Add to Cart: ${item.name}` })
      .click();
    await expect(page).toHaveURL('/login');
    await page.goBack();
    await productCard(page, item.name)
      .getByRole('button', { name: `Add ${item.name} to favourites` })
      .click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('local cart', () => {
  test('toasts at the bottom left for added and increased, and the header counts distinct products', async ({
    page,
    request,
    makeProduct,
  }) => {
    const marker = uniqueWord('Cart');
    const first = await makeProduct({ name: `${marker} kettle` });
    const second = await makeProduct({ name: `${marker} toaster` });
    const shopper = await signedInShopper(page, request);
    await recordToasts(page);
    await page.goto(`/searchResults/${marker}`);
    await expectCartCount(page, 0);
    const cartToast = (text: string) =>
      expect.objectContaining({ text, corner: 'Toastify__toast-container--bottom-left', autoClose: '1000ms' });

    // Cart toasts: bottom left, 1 s (other toasts stay 3 s); then they are gone. The pointer leaves
    // the corner where they appear after each click: hovering a toast pauses its timer.
    const addFirst = productCard(page, first.name).getByRole('button', { name: `Add to Cart: ${first.name}` });
    await addFirst.click();
    await page.mouse.move(600, 0);
    await expect.poll(() => shownToasts(page)).toContainEqual(cartToast(`${first.name} added to cart`));
    await expectCartCount(page, 1);
    await expect(toast(page, `${first.name} added to cart`)).toBeHidden();

    await addFirst.click();
    await page.mouse.move(600, 0);
    await expect.poll(() => shownToasts(page)).toContainEqual(cartToast(`increased ${first.name} quantity`));
    await expectCartCount(page, 1);
    await expect(toast(page, `increased ${first.name} quantity`)).toBeHidden();

    await productCard(page, second.name)
      .getByRole('button', { name: `Add to Cart: ${second.name}` })
      .click();
    await expect.poll(() => shownToasts(page)).toContainEqual(cartToast(`${second.name} added to cart`));
    await expectCartCount(page, 2);

    // The local cart is kept in local storage, and mirrored to the server cart (the truth once signed in).
    const lines = (items: [string, number][]) => items.sort(([a], [b]) => a.localeCompare(b));
    const expected = lines([
      [first._id, 2],
      [second._id, 1],
    ]);
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('cartItems') ?? '[]') as { _id: string; cartQuantity: number }[],
    );
    expect(lines(stored.map((item): [string, number] => [item._id, item.cartQuantity]))).toEqual(expected);
    await expect
      .poll(async () => {
        const cart = (await (
          await request.get('/api/cart', { headers: { 'x-access-token': shopper.token } })
        ).json()) as {
          products: { product_id: { _id: string }; quantity: number }[];
        };
        return lines(cart.products.map((item): [string, number] => [item.product_id._id, item.quantity]));
      })
      .toEqual(expected);
    await page.reload();
    await expectCartCount(page, 2);
  });
});
