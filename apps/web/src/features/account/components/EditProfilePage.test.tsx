import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { EditProfilePage } from './EditProfilePage';

/** The devices card reads the account's devices on every render of the page. */
const DEVICES = { 'GET /api/user/sessions': { body: { sessions: [] } } };
/** What the page sent: the calls that change something. */
const sent = <Call extends { method: string }>(calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('EditProfilePage', () => {
  afterEach(() => changeLanguage('en'));

  it('names the shop in the tab title, in English and in Arabic', async () => {
    const english = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    expect(document.title).toBe('Login & security – EGP Shop');
    english.unmount();
    await changeLanguage('ar');
    renderRoute(<EditProfilePage />, { path: '/EditProfile', preloadedState: { session: shopperSession } });
    expect(document.title).toBe('تسجيل الدخول والأمان – EGP Shop');
  });

  it('sends a visitor to /login', async () => {
    renderRoute(<EditProfilePage />, { path: '/EditProfile' });
    expect(await screen.findByText('page /login')).toBeInTheDocument();
  });

  it('after the account is deleted, signs out and goes home, not to /login', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...DEVICES,
      'DELETE /api/user': { body: { message: 'Your Account has been deleted Successfully' } },
    });
    const { store } = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('page /')).toBeInTheDocument();
    expect(screen.queryByText('page /login')).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(sent(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/api/user', token: shopperSession.token }),
    ]);
  });

  it('signs out on every device: the server ends every session, and this device signs in again', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...DEVICES, 'POST /api/user/logout/everywhere': { status: 204, body: null } });
    const { store } = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out on every device' }));
    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    // The server ended this session with the others: it is not signed out a second time.
    expect(sent(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/user/logout/everywhere', token: shopperSession.token }),
    ]);
  });

  it('keeps the session when signing out everywhere fails, and says why', async () => {
    const user = userEvent.setup();
    mockApi({
      ...DEVICES,
      'POST /api/user/logout/everywhere': { status: 500, body: { message: 'Something went wrong' } },
    });
    const { store } = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out on every device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(store.getState().session.token).toBe(shopperSession.token);
  });

  it('shows a number that signed in as Egyptians write it, left to right', () => {
    renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: { ...shopperSession, user: { ...shopperSession.user, phone: '+201556647100' } } },
    });
    const phone = screen.getByText('01556647100');
    expect(phone.tagName).toBe('BDI');
    expect(phone).toHaveAttribute('dir', 'ltr');
  });

  it("saves the channel orders are told by, and shows a refusal in the server's words", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...DEVICES,
      'PUT /api/user': (request) =>
        request
          .clone()
          .json()
          .then((body: { contactChannel: string }) =>
            body.contactChannel === 'sms'
              ? { status: 400, body: { message: 'Add the address of this channel first' } }
              : { body: { user: { ...shopperSession.user, contactChannel: body.contactChannel } } },
          ),
    });
    const { store } = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    expect(screen.getByLabelText('E-mail')).toBeChecked();
    await user.click(screen.getByLabelText('WhatsApp'));
    await waitFor(() => expect(store.getState().session.user?.contactChannel).toBe('whatsapp'));
    expect(screen.getByLabelText('WhatsApp')).toBeChecked();
    await user.click(screen.getByLabelText('SMS'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add the address of this channel first');
    expect(screen.getByLabelText('WhatsApp')).toBeChecked();
    expect(sent(calls).map((call) => call.body)).toEqual([{ contactChannel: 'whatsapp' }, { contactChannel: 'sms' }]);
  });

  it('saves the consent to cart reminders, off until ticked', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...DEVICES,
      'PUT /api/user': (request) =>
        request
          .clone()
          .json()
          .then((body: { cartReminders: boolean }) => ({
            body: { user: { ...shopperSession.user, cartReminders: body.cartReminders } },
          })),
    });
    const { store } = renderRoute(<EditProfilePage />, {
      path: '/EditProfile',
      preloadedState: { session: shopperSession },
    });
    const reminders = screen.getByRole('switch', { name: 'Remind me of a cart I leave for a day' });
    expect(reminders).not.toBeChecked();
    await user.click(reminders);
    await waitFor(() => expect(store.getState().session.user?.cartReminders).toBe(true));
    expect(reminders).toBeChecked();
    expect(sent(calls).map((call) => call.body)).toEqual([{ cartReminders: true }]);
  });
});
