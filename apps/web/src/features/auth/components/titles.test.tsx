import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/utils';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

describe('the sign-in screens’ tab titles', () => {
  it('name the shop, as every storefront page does', () => {
    const login = renderRoute(<LoginPage />, { path: '/login' });
    expect(document.title).toBe('Sign in – EGP Shop');
    login.unmount();
    renderRoute(<SignupPage />, { path: '/signup' });
    expect(document.title).toBe('Create account – EGP Shop');
  });
});
