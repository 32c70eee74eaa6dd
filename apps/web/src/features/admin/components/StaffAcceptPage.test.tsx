import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { renderRoute } from '../../../test/utils';
import { StaffAcceptPage } from './StaffAcceptPage';

describe('StaffAcceptPage', () => {
  afterEach(() => changeLanguage('en'));

  it('names the shop in the tab title, and says a link without its invitation is no good, in both languages', async () => {
    const english = renderRoute(<StaffAcceptPage />, { path: '/staff/accept' });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(document.title).toBe('Join the shop staff – EGP Shop');
    english.unmount();
    await changeLanguage('ar');
    renderRoute(<StaffAcceptPage />, { path: '/staff/accept' });
    expect(document.title).toBe('الانضمام إلى فريق المتجر – EGP Shop');
  });
});
