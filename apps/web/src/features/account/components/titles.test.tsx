import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderRoute, shopperSession } from '../../../test/utils';
import { UpdatePasswordPage } from './UpdatePasswordPage';

describe('the profile edit screens’ tab titles', () => {
  afterEach(() => changeLanguage('en'));

  it('name the shop, as every storefront page does, in English and in Arabic', async () => {
    const session = { path: '/EditProfile/password', preloadedState: { session: shopperSession } };
    const english = renderRoute(<UpdatePasswordPage />, session);
    expect(document.title).toBe('Change your password – EGP Shop');
    english.unmount();
    await changeLanguage('ar');
    renderRoute(<UpdatePasswordPage />, session);
    expect(document.title).toBe('تغيير كلمة المرور – EGP Shop');
  });
});
