import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_LINK_ID, SERVER_STATE_ID } from '@shop/contracts';
import { pageTemplate } from './template.js';

const PAGE = `<!doctype html><html lang="en"><head><script src="/boot.js" data-ltr="/b.css" data-rtl="/b.rtl.css"></script><title>EGP Shop</title><meta name="description" content="x">
<script type="module" crossorigin src="/app.js"></script>
<link rel="modulepreload" crossorigin href="/runtime.js">
<link rel="modulepreload" crossorigin href="/vendor.js">
<link rel="stylesheet" crossorigin href="/app.css"></head>
<body><div id="root"></div></body></html>`;

describe('the page template', () => {
  const template = pageTemplate(null, PAGE);

  it('puts a server-rendered body in the root, its state beside it, and marks the page rendered', async () => {
    const html = await template.render('ar', '<title>T</title>', { html: '<h1>$& منتج</h1>', state: '{"a":1}' });
    expect(html).toContain('<html lang="ar" dir="rtl" data-rendered>');
    expect(html).toContain(
      `<div id="root"><h1>$& منتج</h1></div><script type="application/json" id="${SERVER_STATE_ID}">{"a":1}</script>`,
    );
    expect(html).toContain('<title>T</title>');
    expect(html).not.toContain('name="description"');
    // Read without JavaScript, the page is styled for its direction; the boot script finds the link it would add.
    expect(html).toContain(
      `<link rel="stylesheet" id="${BOOTSTRAP_LINK_ID}" data-ltr="/b.css" data-rtl="/b.rtl.css" href="/b.rtl.css"><script src="/boot.js"`,
    );
  });

  it('leaves the app for the boot script to load once a rendered page is painted', async () => {
    const html = await template.render('en', '<title>T</title>', { html: '<h1>Phones</h1>', state: '{}' });
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/app.css">');
    expect(html).toContain(
      '<script src="/boot.js" data-ltr="/b.css" data-rtl="/b.rtl.css" data-entry="/app.js" data-modules="/runtime.js /vendor.js"></script>',
    );
  });

  it('keeps the app in the head of a rendered page that has no boot script to load it', async () => {
    const html = await pageTemplate(null, PAGE.replace(/<script src="\/boot.js"[^>]*><\/script>/, '')).render(
      'en',
      '<title>T</title>',
      { html: '<h1>Phones</h1>', state: '{}' },
    );
    expect(html).toContain('<script type="module" crossorigin src="/app.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/runtime.js">');
  });

  it('leaves the root empty, the page unmarked and its app in the head, for the browser to render', async () => {
    const html = await template.render('en', null, null);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/app.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/vendor.js">');
    expect(html).not.toContain('data-entry=');
    expect(html).not.toContain(SERVER_STATE_ID);
    expect(html).toContain(`id="${BOOTSTRAP_LINK_ID}" data-ltr="/b.css" data-rtl="/b.rtl.css" href="/b.css">`);
  });

  it('preloads the Arabic face on Arabic pages only, rendered or not', async () => {
    const withFonts = pageTemplate(
      null,
      PAGE.replace('data-rtl="/b.rtl.css"', 'data-rtl="/b.rtl.css" data-fonts="/c4.woff2 /c7.woff2"'),
    );
    const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads(await withFonts.render('ar', null, null))).toEqual([
      '<link rel="preload" href="/c4.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/c7.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
    expect(
      preloads(await withFonts.render('ar', '<title>T</title>', { html: '<h1>هواتف</h1>', state: '{}' })),
    ).toHaveLength(2);
    expect(
      preloads(await withFonts.render('en', '<title>T</title>', { html: '<h1>Phones</h1>', state: '{}' })),
    ).toEqual([]);
  });
});
