import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, i18n } from '../../../i18n';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { UpdatePhonePage } from './UpdatePhonePage';

afterEach(() => i18n.changeLanguage('en'));

const TAKEN = { status: 409, body: { message: 'This number belongs to another account' } };
const WRONG = { status: 400, body: { message: 'Wrong or expired code' } };

const renderPage = (user = shopperSession.user) =>
  renderRoute(<UpdatePhonePage />, {
    path: '/UpdatePhone',
    preloadedState: { session: { ...shopperSession, user } },
  });

describe('UpdatePhonePage', () => {
  it('names the shop in the tab title, in English and in Arabic', async () => {
    const english = renderPage();
    expect(document.title).toBe('Change your mobile number – EGP Shop');
    english.unmount();
    await changeLanguage('ar');
    renderPage();
    expect(document.title).toBe('تغيير رقم هاتفك المحمول – EGP Shop');
  });

  it('sends a code, refuses a wrong one, then confirms the mobile and shows the proven account', async () => {
    const user = userEvent.setup();
    const proven = { ...shopperSession.user, phone: '01012345678', verifiedPhone: '01012345678' };
    const { calls } = mockApi({
      'POST /api/user/phone/code': { status: 202, body: { message: 'A code is on its way' } },
      'PUT /api/user/phone': (request) =>
        request
          .clone()
          .json()
          .then((body: { code: string }) =>
            body.code === '123456' ? { body: { user: proven, message: 'Your mobile is confirmed' } } : WRONG,
          ),
    });
    const { store } = renderPage();
    expect(screen.getByText(/Not confirmed yet/)).toBeInTheDocument();
    const phone = screen.getByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '+20 10 1234 5678');
    await user.click(screen.getByLabelText('SMS'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('We sent a 6-digit code to +20 10 1234 5678.')).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong or expired code');
    // The shopper is still signed in: a wrong code is not a rejected session.
    expect(store.getState().session.user?._id).toBe(shopperSession.user._id);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('page /EditProfile')).toBeInTheDocument();
    expect(store.getState().session.user).toMatchObject({ verifiedPhone: '01012345678' });
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/user/phone/code', { phone: '+20 10 1234 5678', channel: 'sms' }],
      ['/api/user/phone', { phone: '+20 10 1234 5678', code: '000000' }],
      ['/api/user/phone', { phone: '+20 10 1234 5678', code: '123456' }],
    ]);
  });

  it('takes the focus back to the number when the shopper uses another one', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/phone/code': { status: 202, body: { message: 'A code is on its way' } } });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Use another number' }));
    expect(screen.getByLabelText('Mobile number')).toHaveFocus();
  });

  it('in Arabic, says a number is another account’s and that saving it unconfirmed unlinks the proven one', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/user/phone/code': { status: 202, body: { message: 'الرمز في طريقه إليك' } },
      'PUT /api/user/phone': { ...TAKEN, body: { message: 'هذا الرقم يخص حسابًا آخر' } },
      'PUT /api/user': (request) =>
        request
          .clone()
          .json()
          .then((body: { phone: string }) => ({
            body: { user: { ...shopperSession.user, phone: body.phone, verifiedPhone: null } },
          })),
    });
    const { store } = renderPage({ ...shopperSession.user, phone: '01012345678', verifiedPhone: '01012345678' });
    expect(
      screen.getByText('الرقم \u206601012345678\u2069 مؤكد: الرمز المرسل إليه يُدخلك إلى هذا الحساب.'),
    ).toBeInTheDocument();
    const phone = screen.getByLabelText('رقم الهاتف المحمول');
    expect(phone).toHaveValue('01012345678');
    // The same number again unlinks nothing, so nothing is said.
    expect(screen.queryByText(/ولن يُدخلك ذلك الرقم/)).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '01199998888');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await user.type(await screen.findByLabelText('الرمز'), '123456');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('هذا الرقم يخص حسابًا آخر');

    await user.click(screen.getByRole('button', { name: 'استخدم رقمًا آخر' }));
    const saveTyped = screen.getByRole('button', { name: 'احفظ دون تأكيد' });
    expect(saveTyped).toHaveAccessibleDescription(
      'إذا حُفظ رقم جديد دون رمز فسيحلّ محل \u206601012345678\u2069، ولن يُدخلك ذلك الرقم بعد الآن.',
    );
    await user.click(saveTyped);
    expect(await screen.findByText('page /EditProfile')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user).toMatchObject({ verifiedPhone: null }));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/user', body: { phone: '01199998888' } });
  });
});
