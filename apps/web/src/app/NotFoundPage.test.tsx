import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../i18n';
import { renderRoute } from '../test/utils';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  afterEach(() => changeLanguage('en'));

  it('says the page is not there, leads home, and names the shop in the tab title', () => {
    renderRoute(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('We could not find that page – EGP Shop');
  });

  it('does so in Arabic', async () => {
    await changeLanguage('ar');
    renderRoute(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('link', { name: 'العودة إلى المتجر' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('لم نتمكن من العثور على هذه الصفحة – EGP Shop');
  });
});
