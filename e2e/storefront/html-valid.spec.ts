import { HtmlValidate } from 'html-validate';
import { demoProduct, departments } from '../support/catalog';
import { test, expect } from '../support/test';

/*
 * The server-rendered pages are valid HTML, as an outside checker (the Nu Html Checker) reads them: html-validate's
 * rules of the standard and of a whole document, offline and without Java. The pages are fetched, not opened in
 * the browser: it is the markup as sent that a crawler and a checker read.
 */
const checker = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  // Subresource integrity guards files from another origin (a CDN); the shop serves its own, hashed by name.
  rules: { 'require-sri': 'off' },
});

test('the server-rendered pages are valid HTML, in both languages', async ({ request }) => {
  const product = await demoProduct(request, (item) => Boolean(item.options?.length));
  const department = (await departments(request))[0];
  const pages = [
    '/',
    `/product/one/${product._id}`,
    `/department/${department?._id}`,
    `/product/category/${product.category._id}`,
    '/searchResults/samsung',
    '/about',
    '/no-such-page',
    '/login',
  ].flatMap((path) => [path, path === '/' ? '/ar' : `/ar${path}`]);

  const errors: string[] = [];
  for (const path of pages) {
    const res = await request.get(path);
    expect(res.headers()['content-type'], path).toContain('text/html');
    const report = await checker.validateString(await res.text(), path);
    for (const result of report.results)
      for (const message of result.messages)
        errors.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
  }
  expect(errors).toEqual([]);
});
