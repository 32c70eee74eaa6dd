import { afterEach, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { i18n } from './index';
import { useTranslation } from './useTranslation';

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
