import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/init';
import { sessionRejected } from '../../api/apiSlice';
import { setupStore } from '../../app/store';
import { shopperSession, mockApi } from '../../test/utils';
import { restoreSession, SESSION_KEY } from './session';
import { signedIn, signedOut } from './sessionSlice';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const stored = (overrides: Record<string, unknown> = {}) => ({
  user: { _id: 'u1', name: 'Mariam', email: 'm@example.com', phone: '01100000002', role: false },
  token: 'jwt',
  expiration: '2025-03-05T12:00:00Z',
  ...overrides,
});

describe('restoring the stored session', () => {
  it('restores a session whose _id and token exist and whose expiration is in the future', () => {
    expect(restoreSession(stored(), NOW)).toEqual({
      user: {
        _id: 'u1',
        name: 'Mariam',
        email: 'm@example.com',
        phone: '01100000002',
        verifiedPhone: null,
        role: false,
        contactChannel: 'email',
        cartReminders: false,
      },
      token: 'jwt',
      expiration: '2025-03-05T12:00:00.000Z',
    });
  });

  it('keeps an old-style user of only _id and name', () => {
    expect(restoreSession(stored({ user: { _id: 'u1', name: 'Mariam' } }), NOW)?.user).toEqual({
      _id: 'u1',
      name: 'Mariam',
      email: null,
      phone: '',
      verifiedPhone: null,
      role: false,
      contactChannel: 'email',
      cartReminders: false,
    });
  });

  it('keeps the account of a phone sign-in: no e-mail, WhatsApp for its messages, cart reminders agreed', () => {
    const user = {
      _id: 'u2',
      name: 'Huda',
      email: null,
      phone: '+201012345678',
      verifiedPhone: '01012345678',
      role: false,
      contactChannel: 'whatsapp',
      cartReminders: true,
    };
    expect(restoreSession(stored({ user }), NOW)?.user).toEqual(user);
  });

  it.each([
    ['no stored value', null],
    ['not an object', 'userData'],
    ['no user', stored({ user: undefined })],
    ['no _id', stored({ user: { name: 'Mariam' } })],
    ['no token', stored({ token: '' })],
    ['an expired session', stored({ expiration: '2025-03-01T11:59:59Z' })],
    ['an expiration of exactly now', stored({ expiration: '2025-03-01T12:00:00Z' })],
    ['an unreadable expiration', stored({ expiration: 'soon' })],
  ])('restores nothing for %s', (_case, value) => {
    expect(restoreSession(value, NOW)).toBeNull();
  });

  it('starts the app signed in from a valid stored session, and clears an expired one', () => {
    mockApi({ 'GET /api/cart': { body: { products: [], bill: 0 } }, 'GET /api/favourite': { body: [] } });
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored()));
    expect(createAppStore(NOW).getState().session.user?._id).toBe('u1');

    localStorage.setItem(SESSION_KEY, JSON.stringify(stored({ expiration: '2025-02-01T00:00:00Z' })));
    expect(createAppStore(NOW).getState().session.user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('session storage', () => {
  it('stores the session under userData on sign-in and removes it on sign-out', () => {
    const store = setupStore();
    mockApi({ 'GET /api/cart': { body: { products: [], bill: 0 } }, 'GET /api/favourite': { body: [] } });
    store.dispatch(signedIn(shopperSession));
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(shopperSession);
    store.dispatch(signedOut());
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('tells the server the session it signs out of, with that session’s token', async () => {
    const { calls } = mockApi({ 'POST /api/user/logout': { status: 204, body: null } });
    const store = setupStore({ session: shopperSession });
    store.dispatch(signedOut());
    expect(store.getState().session.token).toBeNull();
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/logout')).toEqual([
        expect.objectContaining({ method: 'POST', token: shopperSession.token }),
      ]),
    );
  });

  it('signs out when the API answers 401 to a request that carried the token', async () => {
    mockApi({ 'GET /api/cart': { status: 401, body: { message: 'Your session has expired, please sign in again' } } });
    const store = setupStore({ session: shopperSession });
    const { cartApi } = await import('../cart');
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(store.getState().session.user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('is signed out by the sessionRejected action', () => {
    const store = setupStore({ session: shopperSession });
    store.dispatch(sessionRejected());
    expect(store.getState().session).toEqual({ user: null, token: null, expiration: null });
  });
});
