import { newShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { apiProduct, asAdmin, expectToast } from './helpers';

test('an admin deletes any review from the product page', async ({ page, request }) => {
  const admin = await asAdmin(page, request);
  const { product } = await apiProduct(request, admin);
  const shopper = await newShopper(request, 'Rude Reviewer');
  const title = 'Not what the pictures show';
  const posted = await request.post('/api/review', {
    headers: { 'x-access-token': shopper.token },
    data: { product: product._id, rating: 1, title, comment: 'Spam spam spam' },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto(`/product/one/${product._id}`);
  const review = page.getByRole('article', { name: title });
  await expect(review).toContainText('Rude Reviewer');
  await review.getByRole('button', { name: `Delete the review “${title}”` }).click();
  await expectToast(page, 'Review Deleted Successfully');
  await expect(review).toHaveCount(0);
  await expect(page.getByText('No reviews yet. Be the first to review this product.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
