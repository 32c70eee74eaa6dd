import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, i18n } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => i18n.changeLanguage('en'));

/** Where the switch sends the browser, from the page at `pathname`. */
async function switchFrom(pathname: string, name: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname, search: '?page=2', hash: '#reviews', assign });
  await userEvent.setup().click(screen.getByRole('button', { name }));
  return assign;
}

describe('the language switch', () => {
  it('offers العربية on an English page: the same page behind /ar, the choice remembered', async () => {
    render(<LanguageSwitch />);
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('lang', 'ar');

    const assign = await switchFrom('/product/one/42', 'العربية');

    expect(assign).toHaveBeenCalledWith('/ar/product/one/42?page=2#reviews');
    expect(localStorage.getItem('shop.language')).toBe('ar');
  });

  it('offers English on an Arabic page: the same page without /ar', async () => {
    await changeLanguage('ar');
    render(<LanguageSwitch />);
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');

    expect(await switchFrom('/ar', 'English')).toHaveBeenCalledWith('/?page=2#reviews');
    expect(localStorage.getItem('shop.language')).toBe('en');
  });
});
