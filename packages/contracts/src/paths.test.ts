import { describe, expect, it } from 'vitest';
import { isAppPath, isArabicPath, languageOfPath, pathIn, samePageIn } from './paths.js';

describe('a page’s address in each language', () => {
  it('puts Arabic pages behind /ar and English ones at the bare path', () => {
    expect(pathIn('/product/one/7', 'ar')).toBe('/ar/product/one/7');
    expect(pathIn('/', 'ar')).toBe('/ar');
    expect(pathIn('/about', 'en')).toBe('/about');
  });

  it('reads the language of an address: /ar and below it, nothing that merely starts with the letters', () => {
    expect(['/ar', '/ar/', '/ar/CartPage'].map(languageOfPath)).toEqual(['ar', 'ar', 'ar']);
    expect(['/', '/about', '/area', '/arabic/x'].map(languageOfPath)).toEqual(['en', 'en', 'en', 'en']);
    expect(isArabicPath('/ar/department/1')).toBe(true);
  });

  it('gives the same page in the other language, both ways', () => {
    expect(samePageIn('/department/1', 'ar')).toBe('/ar/department/1');
    expect(samePageIn('/ar/department/1', 'en')).toBe('/department/1');
    expect(samePageIn('/ar', 'en')).toBe('/');
    expect(samePageIn('/', 'ar')).toBe('/ar');
    expect(samePageIn('/ar/about', 'ar')).toBe('/ar/about');
  });
});

describe('the addresses the web app has', () => {
  it('knows its pages in both languages, as the router matches them', () => {
    for (const path of ['/', '/ar', '/ar/', '/CartPage', '/user', '/ar/User', '/product/one/7', '/SearchResults/tv']) {
      expect(isAppPath(path), path).toBe(true);
    }
    expect(isAppPath('/dashboard/UserOrder/3')).toBe(true);
  });

  it('has no other: not a made-up page, a part of one or a page under another', () => {
    for (const path of [
      '/no-such-page',
      '/ar/no-such-page',
      '/product/one',
      '/product/one/7/x',
      '/arabic',
      '/about/x',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
