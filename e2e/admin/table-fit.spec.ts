import type { Page } from '@playwright/test';
import { newShopper } from '../support/accounts';
import { ar, openInArabic } from '../support/arabic';
import { uniqueWord } from '../support/catalog';
import { openInApp, settled, shortTapTargets } from '../support/ui';
import { test, expect } from '../support/test';
import { apiProduct, asAdmin, placeCashOrder, uniqueName } from './helpers';

/**
 * The dashboard's tables fit the screen, on a phone (390 px) and a laptop (1280 px), in both languages: no table
 * scrolls sideways inside its card, so the actions, status and Move controls are on screen without scrolling.
 * Measured rather than compared as pictures; each screen is kept as a screenshot to look at.
 * On the phone, the same walk checks that a thumb hits the screens' check boxes, switches and disclosures, and every
 * control of the shop's screen (shortTapTargets): each a 44 px target, where they were 16 to 24 px.
 */

/**
 * How far each dashboard table's box is scrolled sideways at most (0: it fits), the page's own overflow, by how
 * much each select, in a table or a filter, is too narrow for the label it shows (0 or less: the whole label reads,
 * not "Ow…" or "All governora"), the cells a table leaves out (none: a phone shows each row whole, as a card, rather
 * than dropping columns), and the words of each e-mail address (EmailAddress: its parts between its <wbr>s, split
 * at their hyphens) broken across two lines (none: an address breaks before its @, a dot or after a hyphen, not
 * inside a word, and its column has room for a word as long as a domain's name; only a word longer than its line and
 * than any name, a bot's junk, breaks where it must), and the values set on lines of their own out of line with their
 * cell's text (none).
 * A select's scrollWidth does not grow with its label, so the label is measured in the select's own font.
 */
const CUSTOMER_EMAIL = '[aria-labelledby="order-customer"] a[href^="mailto:"]';
const overflow = (page: Page) =>
  page.evaluate(() => {
    const pen = document.createElement('canvas').getContext('2d');
    const labelFits = (select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      if (!pen) throw new Error('no canvas to measure with');
      pen.font = style.font;
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + /* rounding */ 1;
      const label = select.selectedOptions[0]?.text ?? '';
      return { label, by: pen.measureText(label).width - room };
    };
    const boxes = [...document.querySelectorAll<HTMLElement>('.dash .table-responsive')].filter(
      (box) => box.offsetParent !== null,
    );
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tables: boxes.map((box) => box.scrollWidth - box.clientWidth),
      // A table folded away whole (the overview chart's numbers, behind their disclosure) leaves nothing out.
      leftOut: boxes
        .filter((box) => box.checkVisibility())
        .flatMap((box) =>
          [...box.querySelectorAll<HTMLElement>('tbody td, tbody th')]
            .filter((cell) => !cell.checkVisibility())
            .map((cell) => `${box.querySelector('caption')?.textContent}: ${cell.textContent}`),
        ),
      selects: [...document.querySelectorAll<HTMLSelectElement>('.dash select')]
        .filter((select) => select.offsetParent !== null)
        .map(labelFits),
      emailSplit: [...document.querySelectorAll('.dash :has(> wbr)')].flatMap((email) => {
        // The line's room: the content box of the block the address is written in.
        let block = email;
        while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        const style = getComputedStyle(block);
        const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...email.childNodes]
          .filter((part) => part.nodeType === Node.TEXT_NODE)
          .flatMap((part) => {
            let at = 0;
            return (part.textContent ?? '').split(/(?<=-)/).map((word) => {
              const range = document.createRange();
              range.setStart(part, at);
              range.setEnd(part, (at += word.length));
              return { word, lines: [...range.getClientRects()] };
            });
          })
          .filter(({ word, lines }) => {
            const width = lines.reduce((sum, line) => sum + line.width, 0);
            return (
              new Set(lines.map((line) => Math.round(line.top))).size > 1 && (width < room - 1 || word.length <= 30)
            );
          })
          .map(({ word }) => word);
      }),
      // A value on a line of its own in a cell (an e-mail, a phone: a <bdi> in its own direction) lines up with the
      // cell's text (on the right in Arabic, or the end on a phone's card), not on the left under a right-aligned name.
      offStart: [...document.querySelectorAll<HTMLElement>('.dash-table td bdi')]
        // An empty one (a value the row does not have) has no text to line up.
        .filter(
          (value) =>
            getComputedStyle(value).display === 'block' && value.checkVisibility() && value.textContent?.trim(),
        )
        .flatMap((value) => {
          const range = document.createRange();
          range.selectNodeContents(value);
          const text = range.getBoundingClientRect();
          const box = value.getBoundingClientRect();
          const cell = getComputedStyle(value.parentElement ?? value);
          const rtl = cell.direction === 'rtl';
          const right = cell.textAlign === 'right' || cell.textAlign === (rtl ? 'start' : 'end');
          const gap = right ? box.right - text.right : text.left - box.left;
          return gap > 2 ? [`${value.textContent}: ${Math.round(gap)} px`] : [];
        }),
    };
  });

/**
 * What a phone's thumb must hit on each screen (shortTapTargets' scope: a check box or a switch counts by its label, a
 * disclosure by its summary), and what the check waits for: a part of that screen only, so that it never measures the
 * screen before, still drawn while the next one loads, nor passes on a part not drawn yet (some come from a query of
 * their own, after the screen's table: the overview's chart, the cash-on-delivery card's switch, the second here).
 * The shop's screen, which has no table, whole: its pages' "View the page" links were 21 px.
 */
const THUMB_CHECKS: Partial<Record<string, { scope: string; ready: string }>> = {
  overview: { scope: '.dash', ready: '.dash summary' },
  products: { scope: '.dash tbody', ready: '.dash .products-table tbody a' },
  users: { scope: '.dash tbody', ready: '.dash tbody a' },
  orders: { scope: '.dash tbody', ready: '.dash .orders-table tbody a' },
  order: { scope: '.dash', ready: '.dash .order-layout' },
  'user-orders': { scope: '.dash', ready: '.dash tbody tr' },
  staff: { scope: '.dash .form-check', ready: '.dash:has(.members-table) .form-check' },
  shipping: { scope: '.dash .form-check', ready: '.dash:has(.shipping-table) .form-check >> nth=1' },
  shop: { scope: '.dash', ready: '.dash a[href*="/pages/"]' },
};

/**
 * The coupon dialog, for a percentage and a fixed amount: on a phone a thumb hits its switch and its departments' and
 * categories' boxes; wider, Starts and Ends share a row (the free-shipping switch took half of one, and for a
 * percentage pushed Ends under Starts).
 */
async function checkCouponDialog(page: Page, language: 'en' | 'ar', width: number): Promise<void> {
  const say = (english: string, key: string) => (language === 'ar' ? ar(`admin.${key}`) : english);
  await page.getByRole('button', { name: say('New coupon', 'coupons.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say('New coupon', 'coupons.add') });
  for (const list of await dialog.locator('.coupon-checks').all())
    await expect(list.locator('.form-check').first()).toBeVisible();
  // Slid into place (Bootstrap's 300 ms), before anything in it is measured.
  await expect(dialog.locator('.modal-dialog')).toHaveCSS('transform', 'none');
  for (const kind of ['percent', 'fixed']) {
    await dialog.getByLabel(say('Type', 'coupons.kind'), { exact: true }).selectOption(kind);
    if (width === 390)
      expect.soft(await shortTapTargets(page, '.dash-modal .form-check'), `coupon dialog (${kind}) at 390`).toEqual([]);
    else {
      const top = async (label: string, key: string) =>
        (await dialog.getByLabel(say(label, key), { exact: true }).boundingBox())?.y;
      expect
        .soft(await top('Ends', 'coupons.endsAt'), `coupon dialog (${kind}) at ${width}: Ends beside Starts`)
        .toBe(await top('Starts', 'coupons.startsAt'));
    }
    await page.screenshot({ path: test.info().outputPath(`coupon-${kind}-${language}-${width}.png`) });
  }
  await dialog.getByRole('button', { name: say('Close', 'common.close'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

for (const language of ['en', 'ar'] as const) {
  test(`${language}: the dashboard's tables fit at 390 and 1280 px`, async ({ page, request, makeProduct }) => {
    // Fourteen screens at two widths, each measured and photographed, and a dialog: about 50 s on two busy cores.
    test.slow();
    if (language === 'ar') await openInArabic(page);
    const admin = await asAdmin(page, request);
    // A waiting invitation, to a long address, gives the staff screen's invitations table a row.
    const invited = await request.post('/api/admin/staff/invitations', {
      headers: { 'x-access-token': admin.token },
      data: { email: `${uniqueName('fit').replace(/\W+/g, '-').toLowerCase()}.invited@example.com`, role: 'support' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    // A name of one long word, as merchants type them: the order's lines and the shopper's orders wrap it, not widen.
    const product = await makeProduct({
      name: uniqueWord('UltraWideCurvedGamingMonitorProMax'),
      price: 1999,
      stock: 5,
    });
    // A short name, sold out: first in the overview's low-stock card, on one line of its own.
    await makeProduct({ name: uniqueWord('Fan'), price: 99, stock: 0 });
    // A category and a department named by one long word, as codes are: they break in their cell, not widen the table.
    await apiProduct(request, admin, {
      department: uniqueWord('WholesaleDepartment'),
      category: uniqueWord('RefrigeratorsAndFreezersCategory'),
    });
    const shopper = await newShopper(request, 'Table Fit Shopper');
    const order = await placeCashOrder(request, shopper, product._id);
    // The log's longest values, each a word longer than its cell: sign-ins tried with a bot's junk, a real long
    // address and one made of ids. Each is written twice (who, and the sentence), under a mark of this test's own.
    const mark = uniqueName('fit').replace(/\s/g, '-').toLowerCase();
    const triedEmails = [
      `${mark}.${'x'.repeat(200)}@example.com`,
      `${mark}.customer-service-and-wholesale-orders@alexandriaelectronicstrading.com.eg`,
      `${mark}-${crypto.randomUUID()}-${crypto.randomUUID()}@example.com`,
    ];
    for (const email of triedEmails)
      expect((await request.post('/api/user/login', { data: { email, password: 'Wrong-Passw0rd!' } })).status()).toBe(
        401,
      );
    const screens = [
      ['overview', '/dashboard'],
      ['products', '/dashboard/DashProducts'],
      ['orders', '/dashboard/orders'],
      ['order', `/dashboard/orders/${order._id}`],
      ['user-orders', `/dashboard/UserOrder/${shopper.user._id}`],
      ['users', '/dashboard/Users'],
      ['coupons', '/dashboard/coupons'],
      ['banners', '/dashboard/banners'],
      // The placed cash order gives the last 30 days' report a row in each table.
      ['cod-report', '/dashboard/cash-on-delivery'],
      // And the sales report a row in each of its tables: the product's long name among them.
      ['sales-report', '/dashboard/sales'],
      // The owner is a member: one row, with the role's select; the invitation above is a row of the invitations.
      ['staff', '/dashboard/staff'],
      // Five columns of a governorate and four figures.
      ['shipping', '/dashboard/Shipping'],
      // The failed sign-ins above, alone.
      ['logs', `/dashboard/logs?user=${mark}`],
      // No table: its details and pages' fields, measured for the page's width and the tap targets.
      ['shop', '/dashboard/shop'],
    ] as const;

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(screens[0][1]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of screens) {
        await openInApp(page, language === 'ar' ? `/ar${path}` : path);
        // The overview's first table (the chart's numbers) stays folded away: wait for one on screen. The shop's
        // screen has none: its pages' text.
        await expect(
          page.locator(name === 'shop' ? '.dash textarea' : '.dash .table-responsive:visible').first(),
        ).toBeVisible();
        // The customer's card drawn, its e-mail on screen, before it is measured.
        if (name === 'order') await expect(page.locator(CUSTOMER_EMAIL)).toBeVisible();
        if (name === 'logs') {
          // Every value whole, wrapped rather than cut: the merchant loses nothing of it.
          for (const email of triedEmails)
            await expect(page.getByRole('row').filter({ hasText: email }).getByText(email).first()).toBeVisible();
          // Who tried each: an address measured below, its breaks offered before its @ and dots.
          await expect(page.locator('.logs-table .cell-who :has(> wbr)')).toHaveCount(triedEmails.length);
        }
        await settled(page);
        const measured = await overflow(page);
        expect.soft(measured.page, `${name} at ${width}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        for (const [index, by] of measured.tables.entries())
          expect.soft(by, `${name} at ${width}: table ${index} scrolls sideways`).toBeLessThanOrEqual(1);
        for (const { label, by } of measured.selects)
          expect.soft(by, `${name} at ${width}: the select showing "${label}" cuts it`).toBeLessThanOrEqual(0);
        expect.soft(measured.leftOut, `${name} at ${width}: cells left out`).toEqual([]);
        expect.soft(measured.emailSplit, `${name} at ${width}: an e-mail breaks inside a word`).toEqual([]);
        expect.soft(measured.offStart, `${name} at ${width}: values off their cell's alignment`).toEqual([]);
        if (width === 390 && name === 'products')
          expect
            .soft(
              await focusedBelowHeader(page, '.products-table a'),
              'products at 390: a focused link under the header',
            )
            .toBeGreaterThanOrEqual(0);
        const tapped = THUMB_CHECKS[name];
        if (width === 390 && tapped) {
          await expect(page.locator(tapped.ready).first()).toBeVisible();
          expect.soft(await shortTapTargets(page, tapped.scope), `${name} at 390: short tap targets`).toEqual([]);
        }
        await page.screenshot({ path: test.info().outputPath(`${name}-${language}-${width}.png`), fullPage: true });
        if (name === 'coupons') await checkCouponDialog(page, language, width);
      }
    }
  });
}

/**
 * How far under the sticky header `target` is once it takes the focus where the page had scrolled it to the top of the
 * window: the browser scrolls what takes the focus into view, but only the page's scroll padding tells it the header
 * covers the top. Negative: covered.
 */
async function focusedBelowHeader(page: Page, target: string): Promise<number> {
  return page
    .locator(target)
    .first()
    .evaluate((element: HTMLElement) => {
      window.scrollBy(0, element.getBoundingClientRect().top);
      element.focus();
      const header = (document.querySelector('.site-header') as HTMLElement).getBoundingClientRect();
      return element.getBoundingClientRect().top - header.bottom;
    });
}

test.describe('on a touch tablet', () => {
  // An iPad held upright, wider than the phone's rules: a finger taps it all the same (`pointer: coarse`).
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('a thumb hits the controls of the dashboard', async ({ page, request }) => {
    await asAdmin(page, request);
    // Row links, the low-stock switch and buttons; check boxes and selects; fields and "View the page" links.
    for (const [name, path] of [
      ['products', '/dashboard/DashProducts'],
      ['staff', '/dashboard/staff'],
      ['shop', '/dashboard/shop'],
    ] as const) {
      // One page load, then the app's own navigation.
      if (name === 'products') await page.goto(path);
      else await openInApp(page, path);
      await expect(page.locator(THUMB_CHECKS[name]?.ready ?? '.dash').first()).toBeVisible();
      await settled(page);
      expect.soft(await shortTapTargets(page, '.dash'), `${name} at 820 with touch`).toEqual([]);
    }
  });
});
