import type { ProductDetail } from '@shop/contracts';
import { demoAdmin, signIn, newShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { egp } from '../support/ui';

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
  const lRed = variants.find((v) => v.sku === sku('L', 'Red'));
  if (!mRed || !lRed) throw new Error('variants not made');

  await signIn(page, await newShopper(request));
  // Server-rendered with the variant of the address; taken over by the browser without a mismatch (pageProblems).
  await page.goto(`/product/one/${product._id}?variant=${mRed._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('group', { name: 'Size: M' })).toBeVisible();
  await expect(main.getByRole('group', { name: 'Colour: Red' })).toBeVisible();
  await expect(main.locator('.product-detail-price')).toHaveText(egp(250));
  await expect(main.getByRole('button', { name: 'Blue, sold out' })).toBeDisabled();

  await main.getByRole('button', { name: 'L', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${lRed._id}$`));
  await expect(main.locator('.product-detail-price')).toHaveText(egp(270));
  await expect(main.getByRole('button', { name: 'Blue, not available' })).toBeDisabled();
  await main.getByRole('button', { name: 'Add to Cart' }).click();

  await page.getByRole('link', { name: /cart/i }).first().click();
  await expect(page.getByText('Size: L')).toBeVisible();
  await expect(page.getByText('Colour: Red')).toBeVisible();
});
