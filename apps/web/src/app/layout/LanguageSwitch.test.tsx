import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => i18n.changeLanguage('en'));

describe('the language switch', () => {
  it('offers العربية on an English page and English on an Arabic one, each named in its own language', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    const toArabic = screen.getByRole('button', { name: 'العربية' });
    expect(toArabic).toHaveAttribute('lang', 'ar');

    await user.click(toArabic);

    const toEnglish = await screen.findByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('shop.language')).toBe('ar');
  });
});
