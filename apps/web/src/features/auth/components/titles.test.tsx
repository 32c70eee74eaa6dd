import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute } from '../../../test/utils';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { PasswordResetPage } from './PasswordResetPage';
import { SignupPage } from './SignupPage';

const RESET = '/password-reset/:id/:token';
const RESET_URL = '/password-reset/u1/abc';

describe('the sign-in screens’ tab titles', () => {
  afterEach(() => changeLanguage('en'));

  it('name the shop, as every storefront page does', () => {
    const login = renderRoute(<LoginPage />, { path: '/login' });
    expect(document.title).toBe('Sign in – EGP Shop');
    login.unmount();
    renderRoute(<SignupPage />, { path: '/signup' });
    expect(document.title).toBe('Create account – EGP Shop');
  });

  it('name the shop on the forgotten-password and reset screens, a dead reset link’s too', async () => {
    const forgot = renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(document.title).toBe('Forgot password – EGP Shop');
    forgot.unmount();

    mockApi({ 'GET /api/user/password-reset/u1/abc': { body: { message: 'Valid link' } } });
    const reset = renderRoute(<PasswordResetPage />, { path: RESET, url: RESET_URL });
    expect(await screen.findByRole('heading', { name: 'Add New Password' })).toBeInTheDocument();
    expect(document.title).toBe('Add New Password – EGP Shop');
    reset.unmount();

    mockApi({ 'GET /api/user/password-reset/u1/abc': { status: 404, body: { message: 'Invalid link' } } });
    renderRoute(<PasswordResetPage />, { path: RESET, url: RESET_URL });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('404 Not Found – EGP Shop');
  });

  it('do so in Arabic', async () => {
    await changeLanguage('ar');
    const forgot = renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(document.title).toBe('نسيت كلمة المرور – EGP Shop');
    forgot.unmount();

    mockApi({ 'GET /api/user/password-reset/u1/abc': { body: { message: 'رابط صالح' } } });
    const reset = renderRoute(<PasswordResetPage />, { path: RESET, url: RESET_URL });
    expect(await screen.findByRole('heading', { name: 'إضافة كلمة مرور جديدة' })).toBeInTheDocument();
    expect(document.title).toBe('إضافة كلمة مرور جديدة – EGP Shop');
    reset.unmount();

    mockApi({ 'GET /api/user/password-reset/u1/abc': { status: 404, body: { message: 'رابط غير صالح' } } });
    renderRoute(<PasswordResetPage />, { path: RESET, url: RESET_URL });
    expect(await screen.findByRole('heading', { name: '404 الصفحة غير موجودة' })).toBeInTheDocument();
    expect(document.title).toBe('404 الصفحة غير موجودة – EGP Shop');
  });
});
