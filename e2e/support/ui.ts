import { expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

/** The site header (role banner) and its parts. */
export const header = (page: Page) => page.getByRole('banner');
export const footer = (page: Page) => page.getByRole('contentinfo');
/** The cart icon: its accessible name carries the count of distinct products ('Cart, 2 products'). */
export const cartLink = (page: Page) => header(page).getByRole('link', { name: /^Cart, \d+ products?$/ });

export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'product' : 'products'}`);
  await expect(cartLink(page)).toContainText(String(count));
}

/** A product card in a grid, found by the product's name (the card's one link with that name). */
export const productCard = (page: Page, name: string): Locator =>
  page.locator('.product-card').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The cards of the grid labelled `label` (home 'Products', 'Search results', a category's name...). */
export const gridCards = (page: Page, label: string): Locator =>
  page.getByRole('list', { name: label, exact: true }).getByRole('listitem');

/** A toast (react-toastify) with this text. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.Toastify__toast').filter({ hasText: text });

/** The EGP price as the app prints it ('EGP 51,999' or 'EGP 42.50'). */
export function egp(value: number): RegExp {
  const [whole, fraction] = value.toFixed(2).split('.');
  const grouped = Number(whole).toLocaleString('en-US');
  const text = fraction === '00' ? grouped : `${grouped}\\.${fraction}`;
  return new RegExp(`EGP\\s${text}(?!\\d)`);
}

/** Reads a price the app printed back into a number: the first amount (a sale's old price and saving follow it). */
export const parsePrice = (text: string): number =>
  Number((/\d[\d,]*(?:\.\d+)?/.exec(text)?.[0] ?? '').replace(/,/g, ''));

/** The stored session (local storage `userData`). */
export const storedSession = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('userData');
    return raw === null
      ? null
      : (JSON.parse(raw) as { user: { _id: string; name: string }; token: string; expiration: string });
  });

/**
 * Waits until no loading placeholder or spinner is left on the page, and nothing is marked busy: a filtered list
 * keeps showing its previous products, `aria-busy`, while the new ones load.
 */
export async function settled(page: Page): Promise<void> {
  await expect(
    page
      .locator('[role="status"][aria-label="Loading…"], .placeholder-glow, .spinner-border, [aria-busy="true"]')
      .first(),
  ).toHaveCount(0);
}

/** What one axe scan looks at, when a test is about less than the whole page with every rule. */
export interface AxeScope {
  /** The part the test is about (a drawer just opened on a page scanned before): a CSS selector. */
  include?: string;
  /** The axe tags of the rules to run (every rule when absent). */
  tags?: readonly string[];
}

/**
 * axe on the page as it stands: no 'serious' or 'critical' violation is allowed. The message lists
 * each failing rule with the first offending elements, so a failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  await settled(page);
  // axe-core is loaded into the page once per document: loading it cost more than a scan, and the app's
  // own navigations keep it. @axe-core/playwright loaded it twice a scan, the second time into a blank
  // page it opens to merge the results of cross-origin frames, which the shop does not have.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = {
    resultTypes: ['violations'],
    ...(scope.tags && { runOnly: { type: 'tag', values: [...scope.tags] } }),
  };
  const results = await page.evaluate(
    ([include, runOptions]) =>
      (window as unknown as { axe: typeof axe }).axe.run(include ? { include } : document, runOptions),
    [scope.include, options] as const,
  );
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/**
 * The links, buttons, fields, choices and disclosures inside `scope` that a thumb would miss on a phone: shown, and
 * less than 44 px tall (a radio, a box or a switch counts by its label, which takes the tap; a disclosure by its
 * <summary>; a link in a line of text by its padded box, as `.tap-inline` pads it). Each as its text and height, so a
 * failure names it.
 */
export async function shortTapTargets(page: Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, .btn, input, select, textarea, summary')].flatMap(
        (element) => {
          const input = element as HTMLInputElement;
          const target = input.type === 'radio' || input.type === 'checkbox' ? (input.labels?.[0] ?? input) : element;
          // A label stretched over its card (::after, absolute, inset 0) takes the taps on the whole card. A ::after a
          // few px around a small button is no card: counted as one, it let the banner's 32 px pause pass.
          const after = getComputedStyle(target, '::after');
          const stretched =
            after.position === 'absolute' &&
            [after.top, after.right, after.bottom, after.left].every((side) => side === '0px') &&
            target.offsetParent;
          const box = (stretched || target).getBoundingClientRect();
          // Hidden, or drawn only for screen readers (visually-hidden is a 1 px box).
          if (box.width <= 1 || box.height <= 1 || input.type === 'hidden') return [];
          // A picture's link has no text: its address names it.
          const name =
            (target.getAttribute('aria-label') ?? target.textContent ?? '').trim() ||
            input.name ||
            target.getAttribute('href');
          return box.height < 44 ? [`${name}: ${Math.round(box.height)} px`] : [];
        },
      ),
    ),
  );
}

/** WCAG contrast ratio of two computed CSS colours ('rgb(r, g, b)' or 'rgba(r, g, b, 1)'). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface ShownToast {
  text: string;
  /** The corner's container class, e.g. 'Toastify__toast-container--bottom-left'. */
  corner: string;
  /** How long the toast stays: the duration of its timer bar, e.g. '1000ms'. */
  autoClose: string;
  /** 'success', 'info', 'warning' or 'error'. */
  kind: string;
  /** Computed text and background colours. */
  color: string;
  background: string;
}

/**
 * Records every toast as it appears (text, corner, time it stays): a 1-second toast may be gone before
 * a busy test machine gets to look at it, the record is not. Call before the page loads.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: {
      text: string;
      corner: string;
      autoClose: string;
      kind: string;
      color: string;
      background: string;
    }[] = [];
    Object.defineProperty(window, '__toasts', { value: shown });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const toasts = node.matches('.Toastify__toast')
            ? [node]
            : [...node.querySelectorAll<HTMLElement>('.Toastify__toast')];
          for (const toast of toasts) {
            const corner =
              [...(toast.closest('.Toastify__toast-container')?.classList ?? [])].find((name) =>
                name.startsWith('Toastify__toast-container--'),
              ) ?? '';
            const bar = toast.querySelector<HTMLElement>('.Toastify__progress-bar');
            const kind = /Toastify__toast--(\w+)/.exec(toast.className)?.[1] ?? '';
            const style = getComputedStyle(toast);
            shown.push({
              text: toast.textContent ?? '',
              corner,
              autoClose: bar?.style.animationDuration ?? '',
              kind,
              color: style.color,
              background: style.backgroundColor,
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export const shownToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts: ShownToast[] }).__toasts);

/**
 * Opens `path` inside the running app, as one of its own links would (history.pushState, then the router
 * hears popstate), instead of loading the app again: a test walking many addresses pays for one page
 * load, not one per address (each costs a second or more of CPU on a two-core machine). The test's
 * first address still comes from page.goto, so the path of a fresh load stays covered.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Visits each address in turn, the first with a page load and the others inside the app (openInApp), and
 * checks that each lands on `url` showing `screen`. The screen, not only the address: the next step must
 * start from a page the app has drawn, or a redirect the app has decided but not yet rendered (a guard's
 * <Navigate>) would be carried over to the next address and skipped there.
 */
export async function visitEach(
  page: Page,
  paths: readonly string[],
  landsOn: { url: string | RegExp; screen: Locator },
): Promise<void> {
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else await openInApp(page, path);
    await expect(page, path).toHaveURL(landsOn.url);
    await expect(landsOn.screen, path).toBeVisible();
  }
}

/** A star as painted: golden all over, on one half, grey, or (a defect) neither. */
export type PaintedStar = 'full' | 'left half' | 'right half' | 'empty' | 'unpainted';

/**
 * The five stars of a rating (role img) as the browser painted them, from left to right on the screen: the left and
 * right half of each star are sampled in a screenshot of the element, golden or grey.
 */
export async function paintedStars(rating: Locator): Promise<PaintedStar[]> {
  const png = (await rating.screenshot({ animations: 'disabled' })).toString('base64');
  const halves = await rating.page().evaluate(async (source) => {
    const image = new Image();
    image.src = `data:image/png;base64,${source}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const star = image.width / 5;
    // Just below a star's middle its body spans 0.27-0.73 of its width: 0.36 and 0.64 are inside either half.
    const colour = (x: number) => {
      const [r = 0, g = 0, b = 0] = context.getImageData(Math.round(x), Math.round(image.height * 0.55), 1, 1).data;
      if (r > 220 && g > 130 && g < 190 && b < 60) return 'golden';
      if (Math.abs(r - 0xd5) < 16 && Math.abs(g - 0xda) < 16 && Math.abs(b - 0xe3) < 16) return 'grey';
      return 'other';
    };
    return [0, 1, 2, 3, 4].map((i) => [colour((i + 0.36) * star), colour((i + 0.64) * star)]);
  }, png);
  return halves.map(([left, right]): PaintedStar => {
    if (left === 'other' || right === 'other') return 'unpainted';
    if (left === 'golden') return right === 'golden' ? 'full' : 'left half';
    return right === 'golden' ? 'right half' : 'empty';
  });
}
