import { newShopper, signIn } from '../support/accounts';
import { expect, test } from './helpers';

test('/success shows the message and a picture, then loads / after 10 seconds', async ({ page, request }) => {
  // A paused fake clock: the 10 seconds pass only when the test says so. The fake time runs from install to pauseAt,
  // so the pause is an hour on: a busy machine took over the second it once had (pauseAt cannot go back).
  const start = new Date('2026-03-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 3_600_000));
  await signIn(page, await newShopper(request));
  await page.goto('/success');
  await expect(page.getByRole('heading', { name: 'Order succeeded' })).toBeVisible();
  await expect(page.getByText('You will be redirected to home page in 10 seconds')).toBeVisible();
  await expect(page.locator('img.success-image')).toBeVisible();

  await page.clock.runFor(9_900);
  await expect(page).toHaveURL(/\/success$/);
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/$/);
});
