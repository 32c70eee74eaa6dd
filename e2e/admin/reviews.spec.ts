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

test('the shop answers a review from the dashboard, and the product page shows the answer', async ({
  page,
  request,
}) => {
  const admin = await asAdmin(page, request);
  const { product } = await apiProduct(request, admin);
  const shopper = await newShopper(request, 'Late Parcel');
  // Its own title, so a retry's list does not show two of them.
  const title = `Good kettle, slow courier ${Date.now()}`;
  const posted = await request.post('/api/review', {
    headers: { 'x-access-token': shopper.token },
    data: { product: product._id, rating: 3, title, comment: 'Took a week to arrive' },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto('/dashboard/reviews?awaiting=true');
  const review = page.getByRole('article', { name: title });
  await expect(review.getByRole('link', { name: product.name })).toBeVisible();
  await review.getByRole('button', { name: `Answer the review “${title}”` }).click();
  const answer = 'Sorry for the wait: Cairo orders now ship the next day.';
  await review.getByRole('textbox', { name: 'Your answer, in the shop’s name' }).fill(answer);
  await review.getByRole('button', { name: 'Publish answer' }).click();
  await expectToast(page, 'Answer published');
  // Answered, it no longer waits: the filtered list lets it go.
  await expect(review).toHaveCount(0);

  await page.goto(`/product/one/${product._id}`);
  const shown = page.getByRole('article', { name: title });
  await expect(shown).toContainText('The shop’s answer');
  await expect(shown).toContainText(answer);
});
