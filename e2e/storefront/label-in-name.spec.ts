import axe from 'axe-core';
import { demoProduct } from '../support/catalog';
import { settled } from '../support/ui';
import { test, expect } from '../support/test';

/*
 * WCAG 2.5.3, label in name: a control's accessible name contains the words it shows, so a shopper who speaks to
 * their phone ("tap Add to Cart") reaches it. axe's rule for it is experimental and off by default: it is asked
 * for by name, on the pages with the most controls, in both languages.
 */
test('every control’s name contains its visible text, in both languages', async ({ page, request }) => {
  const product = await demoProduct(request, (item) => item.stock > 0 && !item.options?.length);
  const found: string[] = [];
  for (const path of ['/', `/product/category/${product.category._id}`, `/product/one/${product._id}`]) {
    for (const address of [path, path === '/' ? '/ar' : `/ar${path}`]) {
      await page.goto(address);
      await settled(page);
      await page.evaluate(axe.source);
      const results = await page.evaluate(() =>
        (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
          resultTypes: ['violations'],
        }),
      );
      for (const violation of results.violations)
        for (const node of violation.nodes) found.push(`${address}: ${node.html.slice(0, 160)}`);
    }
  }
  expect(found).toEqual([]);
});
