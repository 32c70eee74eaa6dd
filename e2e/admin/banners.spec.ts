import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { allProducts, SEED_DEPARTMENTS, TEST_BRAND } from '../support/catalog';
import { asAdmin, dialog, expectToast, uniqueName } from './helpers';

/** A png of one colour, drawn by the browser: each banner picture of the test its own file. */
async function picture(page: Page, name: string, colour: string) {
  const url = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = fill;
      context.fillRect(0, 0, 240, 90);
    }
    return canvas.toDataURL('image/png');
  }, colour);
  return { name, mimeType: 'image/png', buffer: Buffer.from(url.split(',')[1] ?? '', 'base64') };
}

test.describe('home banners', () => {
  test('the owner adds a banner in the dashboard and the home shows it in each language; one past its last day does not show', async ({
    page,
    request,
  }) => {
    // Uploads, six moves up and three home pages on a shared two-core machine.
    test.slow();
    const admin = await asAdmin(page, request);
    const headers = { 'x-access-token': admin.token };
    const alt = uniqueName('Eid offer');
    const altAr = `عرض العيد ${alt.split(' ').pop()}`;
    const ended = uniqueName('Ended offer');
    const old = await request.post('/api/admin/banners', {
      headers,
      data: {
        image: '/banners/banner-fashion.svg',
        imageAr: '/banners/banner-fashion.ar.svg',
        alt: ended,
        altAr: 'عرض انتهى',
        startsOn: '2026-01-01',
        endsOn: '2026-01-31',
      },
    });
    expect(old.status()).toBe(201);
    const oldId = ((await old.json()) as { _id: string })._id;
    // First in the order: only its last day keeps it off the home.
    const order = ((await (await request.get('/api/admin/banners', { headers })).json()) as { _id: string }[]).map(
      (b) => b._id,
    );
    const first = await request.put('/api/admin/banners/order', {
      headers,
      data: { ids: [oldId, ...order.filter((id) => id !== oldId)] },
    });
    expect(first.status()).toBe(200);

    await page.goto('/dashboard/banners');
    await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: ended })).toContainText('Ended');

    await page.getByRole('button', { name: 'New banner' }).click();
    const form = dialog(page, 'New banner');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Upload a picture for this banner')).toHaveCount(2);
    await form.getByLabel('Wide picture, English').setInputFiles(await picture(page, 'wide-en.png', '#0b7a75'));
    await expectToast(page, 'Picture uploaded');
    await form.getByLabel('Wide picture, Arabic').setInputFiles(await picture(page, 'wide-ar.png', '#7a0b4f'));
    await expectToast(page, 'Picture uploaded');
    await form.getByLabel('Phone picture, Arabic').setInputFiles(await picture(page, 'narrow-ar.png', '#4f7a0b'));
    await expectToast(page, 'Picture uploaded');
    // Removed, the phone picture's box names no file of before, and takes the same file again.
    const phoneAr = form.getByLabel('Phone picture, Arabic');
    await form.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(phoneAr).toHaveAccessibleDescription(/^No file chosen/);
    await phoneAr.setInputFiles(await picture(page, 'narrow-ar.png', '#4f7a0b'));
    await expect(form.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
    await form.getByLabel('What the picture says, in English').fill(alt);
    await form.getByLabel('What the picture says, in Arabic').fill(altAr);
    await form.getByLabel('Link', { exact: true }).fill('https://elsewhere.example/');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText(/^A link is a page of the shop/)).toBeVisible();
    await form.getByLabel('Link', { exact: true }).fill('/searchResults/phones');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Banner added');
    await expect(form).toBeHidden();

    // Added last: moved to the top, one place at a time, by keyboard.
    const ours = page.getByRole('row').filter({ hasText: alt });
    await expect(ours).toContainText('Live');
    const up = page.getByRole('button', { name: `Move ${alt} up` });
    while (await up.isEnabled()) {
      await up.focus();
      await page.keyboard.press('Enter');
      await expectToast(page, 'Order saved');
    }
    await expect(ours).toContainText('On the home page now');

    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Offers' });
    const shown = carousel.getByRole('img', { name: alt });
    await expect(shown).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
    await expect(carousel.getByRole('link', { name: alt })).toHaveAttribute('href', '/searchResults/phones');
    await expect(carousel.getByRole('img', { name: ended })).toHaveCount(0);
    await expect(carousel.locator('.carousel-item')).toHaveCount(4);
    const english = await shown.getAttribute('src');

    await page.goto('/ar');
    const arabic = page.getByRole('region', { name: 'العروض' }).getByRole('img', { name: altAr });
    await expect(arabic).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(await arabic.getAttribute('src')).not.toBe(english);
    // The Arabic phone picture, for a phone only.
    await expect(arabic.locator('xpath=preceding-sibling::source')).toHaveAttribute('media', '(max-width: 575.98px)');
    await expect(page.getByRole('img', { name: 'عرض انتهى' })).toHaveCount(0);

    // Deleted, after a confirmation: the home is the demo's again.
    await page.goto('/dashboard/banners');
    await page.getByRole('button', { name: `Delete ${alt}` }).click();
    await page.getByRole('dialog', { name: 'Delete this banner?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Banner deleted');
    await expect(page.getByRole('row').filter({ hasText: alt })).toHaveCount(0);
    expect((await request.delete(`/api/admin/banners/${oldId}`, { headers })).status()).toBe(200);
  });
});

test.describe('recently viewed', () => {
  test('the home shows the products this shopper opened, newest first, once the app has started', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Products', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recently viewed' })).toHaveCount(0);

    // Two of the demo's products: none another test may delete meanwhile.
    const [older, newer] = (await allProducts(request))
      .filter((p) => p.brand !== TEST_BRAND && (SEED_DEPARTMENTS as readonly string[]).includes(p.department.name))
      .slice(0, 2);
    if (!older || !newer) throw new Error('the demo has products in stock');
    for (const product of [older, newer]) {
      await page.goto(`/product/one/${product._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/');
    const row = page.getByRole('list', { name: 'Recently viewed' });
    await expect(row.getByRole('listitem')).toHaveCount(2);
    await expect(row.getByRole('listitem').first()).toContainText(newer.name);
    await expect(row.getByRole('listitem').last()).toContainText(older.name);
    await expect(page.getByRole('list', { name: 'On sale' }).getByRole('listitem').first()).toBeVisible();
  });
});
