import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { changeLanguage } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  await changeLanguage('en');
});

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

  it("takes the page's navigation state along: signing in after the switch still leads back", async () => {
    // The sign-in screen as the header's Login link opens it, from a product page.
    const state = { usr: { from: '/product/one/42' }, key: 'k1', idx: 3 };
    window.history.replaceState(state, '', '/login');
    const entries = window.history.length;
    const user = userEvent.setup();
    switchOn('/login');
    await user.click(screen.getByRole('link', { name: 'العربية' }));
    // jsdom loads no page ("Not implemented: navigation"): the reload would find the Arabic address in an entry of
    // its own, holding the same state.
    expect(window.location.pathname).toBe('/ar/login');
    expect(window.history.length).toBe(entries + 1);
    // The app's state goes along; the router's key for the English entry (its scroll position) does not.
    expect(window.history.state).toEqual({ usr: state.usr });
  });
});
