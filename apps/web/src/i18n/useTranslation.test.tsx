import { afterEach, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { i18n } from './index';
import { InLanguage, useTranslation } from './useTranslation';
import { Price } from '../components/Price';

function CartLink() {
  const { t } = useTranslation();
  return <a href="/cart">{t('nav.cart')}</a>;
}

afterEach(() => i18n.changeLanguage('en'));

it('renders again when the language changes and when that language’s texts land later', () => {
  render(<CartLink />);
  expect(screen.getByRole('link')).toHaveTextContent('Cart');

  // The Arabic file has not arrived: English stands in.
  act(() => i18n.changeLanguage('ar'));
  expect(screen.getByRole('link')).toHaveTextContent('Cart');

  act(() => i18n.addResourceBundle('ar', { nav: { cart: 'السلة' } }));
  expect(screen.getByRole('link')).toHaveTextContent('السلة');

  act(() => i18n.changeLanguage('en'));
  expect(screen.getByRole('link')).toHaveTextContent('Cart');
});

it('reads a part of the page in another language, prices included, and leaves the rest in the page’s', () => {
  act(() => i18n.addResourceBundle('ar', { nav: { cart: 'السلة' } }));
  render(
    <>
      <CartLink />
      <InLanguage language="ar">
        <CartLink />
        <Price value={1250} />
      </InLanguage>
    </>,
  );
  const [page, slip] = screen.getAllByRole('link');
  expect(page).toHaveTextContent('Cart');
  expect(slip).toHaveTextContent('السلة');
  expect(screen.getByText(/1,250/)).toHaveTextContent(/ج\.م/);

  // The page turning Arabic leaves the part as it was; turning back, the page is English again.
  act(() => i18n.changeLanguage('ar'));
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['السلة', 'السلة']);
  act(() => i18n.changeLanguage('en'));
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Cart', 'السلة']);
});
