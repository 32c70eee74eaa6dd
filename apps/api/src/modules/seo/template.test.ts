import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_LINK_ID, SERVER_STATE_ID } from '@shop/contracts';
import { pageTemplate } from './template.js';

const PAGE = `<!doctype html><html lang="en"><head><script src="/boot.js" data-ltr="/b.css" data-rtl="/b.rtl.css"></script><title>EGP Shop</title><meta name="description" content="x"></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

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

  it('leaves the root empty, and the page unmarked, for the browser to render', async () => {
    const html = await template.render('en', null, null);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<div id="root"></div><script type="module"');
    expect(html).not.toContain(SERVER_STATE_ID);
    expect(html).toContain(`id="${BOOTSTRAP_LINK_ID}" data-ltr="/b.css" data-rtl="/b.rtl.css" href="/b.css">`);
  });
});
