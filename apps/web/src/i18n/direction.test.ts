import { afterEach, describe, expect, it } from 'vitest';
import { applyDirection } from './direction';

/** The attributes of <html> written while `change` runs (a write of the same value counts too). */
async function writtenAttributes(change: () => void): Promise<string[]> {
  const written: string[] = [];
  const observer = new MutationObserver((records) => written.push(...records.map((r) => r.attributeName ?? '')));
  observer.observe(document.documentElement, { attributes: true });
  change();
  // Records are delivered in a microtask.
  await Promise.resolve();
  observer.disconnect();
  return written;
}

describe('applyDirection', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('leaves <html> alone when the page is already in the language, so the browser does not restyle it', async () => {
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';

    expect(await writtenAttributes(() => applyDirection('ar', 'rtl'))).toEqual([]);
  });

  it('turns <html> to another language', async () => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';

    expect((await writtenAttributes(() => applyDirection('ar', 'rtl'))).sort()).toEqual(['dir', 'lang']);
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
