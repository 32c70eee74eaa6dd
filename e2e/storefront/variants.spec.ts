import type { ProductDetail } from '@shop/contracts';
import { demoAdmin, signIn, newShopper } from '../support/accounts';
import { demoProduct, IPHONE } from '../support/catalog';
import { test, expect } from '../support/test';
import { cartLink, egp, productCard } from '../support/ui';

test('a product in sizes and colours: the address chooses the variant on the server and in the browser, and the cart gets it', async ({
  page,
  request,
  makeProduct,
}) => {
  const product = await makeProduct({ price: 999, stock: 1 });
  const admin = await demoAdmin(request);
  const sku = (size: string, colour: string) => `E2E-${product._id.slice(0, 8)}-${size}-${colour}`.toUpperCase();
  const res = await request.put(`/api/product/${product._id}/variants`, {
    headers: { 'x-access-token': admin.token },
    data: {
      options: [
        {
          name: 'Size',
          nameAr: 'المقاس',
          values: [
            { value: 'M', valueAr: 'وسط' },
            { value: 'L', valueAr: 'كبير' },
          ],
        },
        {
          name: 'Colour',
          nameAr: 'اللون',
          values: [
            { value: 'Red', valueAr: 'أحمر' },
            { value: 'Blue', valueAr: 'أزرق' },
          ],
        },
      ],
      variants: [
        { sku: sku('M', 'Red'), options: { Size: 'M', Colour: 'Red' }, price: 250, stock: 3 },
        { sku: sku('M', 'Blue'), options: { Size: 'M', Colour: 'Blue' }, price: 260, stock: 0 },
        { sku: sku('L', 'Red'), options: { Size: 'L', Colour: 'Red' }, price: 270, stock: 5 },
      ],
    },
  });
  expect(res.status()).toBe(200);
  const variants = ((await res.json()) as ProductDetail).variants ?? [];
  const mRed = variants.find((v) => v.sku === sku('M', 'Red'));
  const mBlue = variants.find((v) => v.sku === sku('M', 'Blue'));
  const lRed = variants.find((v) => v.sku === sku('L', 'Red'));
  if (!mRed || !mBlue || !lRed) throw new Error('variants not made');

  await signIn(page, await newShopper(request));
  // Server-rendered with the variant of the address; taken over by the browser without a mismatch (pageProblems).
  await page.goto(`/product/one/${product._id}?variant=${mRed._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('group', { name: 'Size: M' })).toBeVisible();
  await expect(main.getByRole('group', { name: 'Colour: Red' })).toBeVisible();
  await expect(main.locator('.product-detail-price')).toHaveText(egp(250));
  // Blue in M is sold out: it can be chosen, not bought, and the shopper asks to be told when it is back.
  await main.getByRole('button', { name: 'Blue, sold out' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${mBlue._id}$`));
  await expect(main.getByText('out of stock', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await main.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(main.getByRole('button', { name: 'Cancel the alert' })).toBeFocused();
  // By e-mail, the shopper's channel, to their address partly hidden.
  // The line on screen comes first; the polite status repeats it for screen readers.
  await expect(main.getByText(/^We'll e-mail you at \S+•••@\S+ when it's back$/).first()).toBeVisible();
  await main.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${mRed._id}$`));

  await main.getByRole('button', { name: 'L', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${lRed._id}$`));
  await expect(main.locator('.product-detail-price')).toHaveText(egp(270));
  await expect(main.getByRole('button', { name: 'Blue, not available' })).toBeDisabled();
  await main.getByRole('button', { name: 'Add to Cart' }).click();

  await cartLink(page).click();
  await expect(page.getByText('Size: L')).toBeVisible();
  await expect(page.getByText('Colour: Red')).toBeVisible();
});

test('the demo iPhone is one product: its card leads to its page, where each storage and colour has its own price, picture and SKU', async ({
  page,
  request,
}) => {
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const detail = (await (await request.get(`/api/product/one/${iphone._id}`)).json()) as ProductDetail;
  const blue = detail.variants?.find((v) => v.options.Storage === '256GB' && v.options.Colour === 'Blue');
  if (!blue) throw new Error('the demo iPhone has no 256GB blue variant');

  await signIn(page, await newShopper(request));
  await page.goto('/searchResults/iphone');
  const card = productCard(page, IPHONE);
  await expect(card.locator('.product-price')).toContainText('From');
  await expect(card.getByRole('button', { name: `Add to Cart: ${IPHONE}` })).toHaveCount(0);
  await card.getByRole('link', { name: `Choose options: ${IPHONE}` }).click();

  await expect(page).toHaveURL(`/product/one/${iphone._id}/apple-iphone-15`);
  const main = page.getByRole('main');
  await expect(main.locator('.product-detail-price')).toContainText('From');
  await expect(main.locator('.product-detail-price')).toHaveText(egp(iphone.price));
  // Nothing is bought before a variant is chosen.
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await main.getByRole('button', { name: '256GB', exact: true }).click();
  await main.getByRole('button', { name: 'Blue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${blue._id}$`));
  await expect(main.locator('.product-detail-price')).toHaveText(egp(blue.price));
  await expect(main.getByText(`SKU: ${blue.sku}`)).toBeVisible();
  await expect(main.getByRole('img', { name: IPHONE, exact: true })).toHaveAttribute('src', blue.image_path[0] ?? '');
  await main.getByRole('button', { name: 'Add to Cart' }).click();

  await cartLink(page).click();
  await expect(page.getByText('Storage: 256GB')).toBeVisible();
  await expect(page.getByText('Colour: Blue')).toBeVisible();
});
