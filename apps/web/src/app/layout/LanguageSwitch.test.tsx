import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { changeLanguage, i18n } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => i18n.changeLanguage('en'));

/** The switch on the page at `path` (the router's own path, without the /ar base). */
const switchOn = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LanguageSwitch />
    </MemoryRouter>,
  );

describe('the language switch', () => {
  it('links an English page to the same page behind /ar, named in Arabic', () => {
    switchOn('/product/one/42?page=2');
    const link = screen.getByRole('link', { name: 'العربية' });
    expect(link).toHaveAttribute('href', '/ar/product/one/42?page=2');
    expect(link).toHaveAttribute('lang', 'ar');
    expect(link).toHaveAttribute('hreflang', 'ar');
    // boot.js remembers the choice as the link is followed.
    expect(link).toHaveAttribute('data-language', 'ar');
  });

  it('links an Arabic page to the same page without /ar', async () => {
    await changeLanguage('ar');
    switchOn('/');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
  });
});
