import { afterEach, describe, expect, it, vi } from 'vitest';
import bootSource from './boot.js?raw';
import { changeLanguage, i18n } from './index';
import { LANGUAGE_KEY } from './language';

/**
 * Runs boot.js as the browser does before the first paint of `address`, under the <script> tag the build
 * writes; `served` is the direction whose stylesheet the server linked ahead of it, if it did, and `app` the
 * modules the server moved onto the tag of a page it rendered.
 */
function boot(languages: string[], address = '/', served?: 'ltr' | 'rtl', app?: { entry: string; modules: string }) {
  history.replaceState(null, '', address);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  if (served) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.id = 'bootstrap-css';
    link.dataset.ltr = '/assets/bootstrap.min.css';
    link.dataset.rtl = '/assets/bootstrap.rtl.min.css';
    link.href = link.dataset[served] ?? '';
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.dataset.ltr = '/assets/bootstrap.min.css';
  script.dataset.rtl = '/assets/bootstrap.rtl.min.css';
  if (app) Object.assign(script.dataset, { entry: app.entry, modules: app.modules });
  document.head.append(script);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  // The boot script runs as the browser runs it: a classic script, in the global scope.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(bootSource)();
  const link = document.getElementById('bootstrap-css');
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    stylesheet: link?.getAttribute('href'),
    address: `${location.pathname}${location.search}${location.hash}`,
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  history.replaceState(null, '', '/');
  i18n.changeLanguage('en');
});

describe('choosing the language before the first paint', () => {
  it('follows the browser: Arabic when Arabic comes before English, with the right-to-left Bootstrap', () => {
    expect(boot(['ar-EG', 'en-US'])).toEqual({
      lang: 'ar',
      dir: 'rtl',
      stylesheet: '/assets/bootstrap.rtl.min.css',
      address: '/ar',
    });
    document.head.innerHTML = '';
    expect(boot(['fr-FR', 'ar', 'en'])).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('is English for an English or any other browser', () => {
    expect(boot(['en-GB', 'ar'])).toEqual({
      lang: 'en',
      dir: 'ltr',
      stylesheet: '/assets/bootstrap.min.css',
      address: '/',
    });
    document.head.innerHTML = '';
    expect(boot(['de-DE'])).toMatchObject({ lang: 'en', dir: 'ltr' });
  });

  it('keeps the language chosen with the switch over the browser’s, at an address without a language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(boot(['ar-EG'], '/department/7')).toMatchObject({ lang: 'en', dir: 'ltr', address: '/department/7' });
    document.head.innerHTML = '';
    localStorage.setItem(LANGUAGE_KEY, 'ar');
    // The Arabic shopper's page moves to its Arabic address, where the app's links stay in Arabic.
    expect(boot(['en-US'], '/CartPage?step=2#total')).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      address: '/ar/CartPage?step=2#total',
    });
  });

  it('is Arabic behind /ar whatever was chosen before: the address says the language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(boot(['en-US'], '/ar/product/one/5')).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      address: '/ar/product/one/5',
    });
    document.head.innerHTML = '';
    expect(boot(['en-US'], '/ar')).toMatchObject({ lang: 'ar', address: '/ar' });
    document.head.innerHTML = '';
    // An English page whose path merely starts with the letters.
    expect(boot(['en-US'], '/area')).toMatchObject({ lang: 'en', address: '/area' });
  });
});

describe('the stylesheet the server linked', () => {
  it('is kept when it is the page’s direction, and turned when the shopper’s own language is the other one', () => {
    expect(boot(['en-US'], '/ar/product/one/5', 'rtl')).toMatchObject({ stylesheet: '/assets/bootstrap.rtl.min.css' });
    document.head.innerHTML = '';
    localStorage.setItem(LANGUAGE_KEY, 'ar');
    expect(boot(['en-US'], '/CartPage', 'ltr')).toMatchObject({
      dir: 'rtl',
      stylesheet: '/assets/bootstrap.rtl.min.css',
      address: '/ar/CartPage',
    });
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
  });
});

describe('the app of a page the server rendered', () => {
  const modules = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  const aFrameLater = () => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));

  it('loads, where the browser reports no paints, once the page has loaded and a frame has begun', async () => {
    const app = { entry: '/assets/index.js', modules: '/assets/runtime.js /assets/vendor.js' };
    boot(['en-US'], '/product/one/5', 'ltr', app);
    expect(modules()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(modules()).toEqual([]);
    await vi.waitFor(() => expect(modules()).toEqual(['/assets/index.js']));
    expect(preloads()).toEqual(['/assets/runtime.js', '/assets/vendor.js']);
    expect(document.head.querySelector('script[type="module"]')).toHaveAttribute('crossorigin', '');
  });

  it('waits, where the browser reports its paints, until the first contentful paint is on the screen', async () => {
    let report: ((entries: { getEntriesByName(name: string): object[] }) => void) | undefined;
    const observed: object[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['element', 'paint'];
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(options: object) {
          observed.push(options);
        }
        disconnect() {
          report = undefined;
        }
      },
    );
    const paints = (...names: string[]) => ({ getEntriesByName: (name: string) => (names.includes(name) ? [{}] : []) });
    try {
      boot(['en-US'], '/product/one/5', 'ltr', { entry: '/assets/index.js', modules: '' });
      window.dispatchEvent(new Event('load'));
      await aFrameLater();
      expect(observed).toEqual([{ type: 'paint', buffered: true }]);
      expect(modules()).toEqual([]);
      report?.(paints('first-paint'));
      await aFrameLater();
      expect(modules()).toEqual([]);
      report?.(paints('first-paint', 'first-contentful-paint'));
      await vi.waitFor(() => expect(modules()).toEqual(['/assets/index.js']));
      expect(report).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('loads at once in a tab opened in the background, which paints nothing until it is shown', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    boot(['en-US'], '/product/one/5', 'ltr', { entry: '/assets/index.js', modules: '' });
    window.dispatchEvent(new Event('load'));
    expect(modules()).toEqual(['/assets/index.js']);
    expect(preloads()).toEqual([]);
  });

  it('loads at most three seconds after the page is read, whatever picture holds the load event back', () => {
    vi.useFakeTimers();
    try {
      boot(['en-US'], '/product/one/5', 'ltr', { entry: '/assets/index.js', modules: '' });
      document.dispatchEvent(new Event('DOMContentLoaded'));
      vi.advanceTimersByTime(2999);
      expect(modules()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(modules()).toEqual(['/assets/index.js']);
      // The load event, when it comes, loads nothing more.
      window.dispatchEvent(new Event('load'));
      vi.runAllTimers();
      expect(modules()).toEqual(['/assets/index.js']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not loaded by the boot script of a page the browser renders: the page names its own', async () => {
    boot(['en-US'], '/CartPage');
    window.dispatchEvent(new Event('load'));
    await aFrameLater();
    expect(modules()).toEqual([]);
  });
});

describe('switching language', () => {
  it('turns the page right to left and swaps Bootstrap for its right-to-left build once that has loaded', async () => {
    boot(['en-US']);
    await changeLanguage('ar');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const sheets = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect([...sheets].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/bootstrap.min.css',
      '/assets/bootstrap.rtl.min.css',
    ]);
    sheets[1]?.dispatchEvent(new Event('load'));
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    expect(document.getElementById('bootstrap-css')).toHaveAttribute('href', '/assets/bootstrap.rtl.min.css');
  });

  it('shows the texts of the chosen language, falling back to English for a text it lacks', async () => {
    await changeLanguage('ar');
    expect(i18n.language).toBe('ar');
    // Whatever the Arabic file holds, no key is ever shown raw.
    expect(i18n.t('nav.cart')).not.toBe('nav.cart');
    expect(i18n.t('checkout.cart.title')).not.toMatch(/^checkout\./);
  });
});
