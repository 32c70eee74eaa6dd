import { describe, expect, it } from 'vitest';
import {
  isAppPath,
  isArabicPath,
  languageOfPath,
  pathIn,
  productPath,
  productPaths,
  samePageIn,
  slugOf,
} from './paths.js';

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
    for (const path of [
      '/',
      '/ar',
      '/ar/',
      '/CartPage',
      '/user',
      '/ar/User',
      '/product/one/7',
      '/product/one/7/apple-iphone-15',
      '/ar/product/one/7/%D8%AB%D9%84%D8%A7%D8%AC%D8%A9',
      '/SearchResults/tv',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
    expect(isAppPath('/dashboard/UserOrder/3')).toBe(true);
  });

  it('has no other: not a made-up page, a part of one or a page under another', () => {
    for (const path of [
      '/no-such-page',
      '/ar/no-such-page',
      '/product/one',
      '/product/one/7/x/y',
      '/arabic',
      '/about/x',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});

describe('a product’s readable address', () => {
  it('makes a slug of a name in either script: letters and digits, lower-cased, words joined by hyphens', () => {
    expect(slugOf('Apple iPhone 15, 128GB')).toBe('apple-iphone-15-128gb');
    expect(slugOf('  LC Waikiki — Slim-Fit Shirt (M / Navy) ')).toBe('lc-waikiki-slim-fit-shirt-m-navy');
    expect(slugOf('ثلاجة شارب ١٨ قدم')).toBe('ثلاجة-شارب-١٨-قدم');
    expect(slugOf('عطر مُعَطَّر')).toBe('عطر-معطر');
    expect(slugOf('%%%')).toBe('');
    // Cut at a word's end, never mid-word, however long the name.
    const long = slugOf(`${'Samsung Galaxy '.repeat(10)}Ultra`);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-galaxy') || long.endsWith('-samsung')).toBe(true);
  });

  it('puts the slug after the id, percent-encoded; without one, the id alone', () => {
    expect(productPath('7', 'Apple iPhone 15')).toBe('/product/one/7/apple-iphone-15');
    expect(productPath('7', 'ثلاجة')).toBe('/product/one/7/%D8%AB%D9%84%D8%A7%D8%AC%D8%A9');
    expect(productPath('7', '!!')).toBe('/product/one/7');
    expect(productPath('7')).toBe('/product/one/7');
    // Each language's address from its own name; the English one where there is no Arabic name.
    expect(productPaths({ _id: '7', name: 'Fridge', nameAr: 'ثلاجة' })).toEqual({
      en: '/product/one/7/fridge',
      ar: '/product/one/7/%D8%AB%D9%84%D8%A7%D8%AC%D8%A9',
    });
    expect(productPaths({ _id: '7', name: 'Fridge', nameAr: null }).ar).toBe('/product/one/7/fridge');
  });
});
