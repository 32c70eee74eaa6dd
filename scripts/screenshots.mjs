// Retakes the README's screenshots (docs/screenshots/) from a running shop with the demo catalogue:
//   npm start                                   # a first start seeds the demo shop
//   node scripts/screenshots.mjs [http://localhost:3000]
// Debian's Chromium, as in the browser tests; saved as WebP, small enough for a README. Not part of the test suite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect } from '@playwright/test';
import sharp from 'sharp';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const base = process.argv[2] ?? 'http://localhost:3000';
const out = path.join(root, 'docs/screenshots');

const shots = [
  { file: 'home-en-1280.webp', path: '/', viewport: { width: 1280, height: 1180 }, scale: 1 },
  { file: 'home-ar-390.webp', path: '/ar', viewport: { width: 390, height: 844 }, scale: 2 },
];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: shot.viewport, deviceScaleFactor: shot.scale });
    await page.goto(new URL(shot.path, base).href, { waitUntil: 'networkidle' });
    // The product cards' pictures load lazily and fade in: wait for those on screen.
    for (const img of await page.locator('img').all()) {
      const box = await img.boundingBox();
      if (!box || box.y > shot.viewport.height) continue;
      await expect(img).toHaveJSProperty('complete', true);
      await expect(img).not.toHaveJSProperty('naturalWidth', 0);
    }
    // The first offer, held there: the banners stopped, then brought back to it (a click during a slide is ignored).
    await page.locator('.carousel-pause').click();
    const first = page.locator('.carousel-indicators button').first();
    while ((await first.getAttribute('aria-current')) !== 'true') {
      await first.click();
      await page.waitForTimeout(1_000);
    }
    await page.mouse.move(0, shot.viewport.height - 1);
    await page.waitForTimeout(1_000);
    const png = await page.screenshot();
    const file = path.join(out, shot.file);
    await sharp(png).webp({ quality: 72, effort: 6 }).toFile(file);
    console.log(`${path.relative(root, file)}: ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
}
