import { demoAdmin, newShopper, signIn } from '../support/accounts';
import { addToCart, chooseCheckout, createProduct, deleteProduct, expect, getProduct, test } from './helpers';

test('two shoppers race for the last unit: one reaches /success, the other /OrderError with the product', async ({
  browser,
  request,
}) => {
  // A whole journey through several screens: over 30 s on a busy machine, near the default 60 s on a slow one.
  test.slow();
  const admin = await demoAdmin(request);
  const contested = await createProduct(request, admin, { name: 'E2E Last Unit Lamp', stock: 1, price: 350 });
  try {
    const shoppers = await Promise.all([newShopper(request, 'Racer One'), newShopper(request, 'Racer Two')]);
    const pages = await Promise.all(
      shoppers.map(async (shopper) => {
        await addToCart(request, shopper, contested._id);
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, shopper);
        await chooseCheckout(page, shopper, 'cash');
        await page.goto('/PlaceOrder');
        await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
        return page;
      }),
    );

    await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Place Order' }).click()));
    await Promise.all(pages.map((page) => expect(page).toHaveURL(/\/(success|OrderError)$/)));
    const outcomes = pages.map((page) => new URL(page.url()).pathname).sort();
    expect(outcomes).toEqual(['/OrderError', '/success']);
    expect((await getProduct(request, contested._id)).stock).toBe(0);

    const loser = pages.find((page) => page.url().endsWith('/OrderError'));
    if (!loser) throw new Error('no shopper was refused');
    const link = loser.getByRole('link', { name: contested.name });
    await expect(link).toHaveAttribute('href', `/product/one/${contested._id}`);
    await expect(loser.getByText('out of stock', { exact: true })).toBeVisible();
    await loser.getByRole('button', { name: `Remove ${contested.name} from cart` }).click();
    await expect(
      loser.locator('.Toastify__toast--error', { hasText: `${contested.name} removed from cart` }),
    ).toBeVisible();
    await expect(loser.getByText('Out-of-stock Products Removed')).toBeVisible();
    await loser.getByRole('link', { name: 'Go to Cart' }).click();
    await expect(loser.getByText('Your cart is empty')).toBeVisible();

    await Promise.all(pages.map((page) => page.context().close()));
  } finally {
    await deleteProduct(request, admin, contested._id);
  }
});
