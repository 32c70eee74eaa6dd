import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceSession } from '@shop/contracts';
import { changeLanguage, intlLocale } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { notify } from '../../../lib/notify';
import { DevicesCard } from './DevicesCard';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const THIS: DeviceSession = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  system: 'Android',
  signedInAt: '2026-12-05T18:30:00.000Z',
  current: true,
};
const IPHONE: DeviceSession = {
  id: '22222222-2222-4222-8222-222222222222',
  browser: 'Safari',
  system: 'iPhone',
  signedInAt: '2026-12-01T09:00:00.000Z',
  current: false,
};
const UNKNOWN: DeviceSession = {
  id: '33333333-3333-4333-8333-333333333333',
  browser: null,
  system: null,
  signedInAt: '2026-11-28T12:00:00.000Z',
  current: false,
};

const show = () => renderRoute(<DevicesCard />, { path: '/EditProfile', preloadedState: { session: shopperSession } });

describe('DevicesCard', () => {
  afterEach(() => changeLanguage('en'));

  it('lists the devices, this one marked; signing another out reads the list again and says so', async () => {
    const user = userEvent.setup();
    let listed = [THIS, IPHONE, UNKNOWN];
    const { calls } = mockApi({
      'GET /api/user/sessions': () => ({ body: { sessions: listed } }),
      [`DELETE /api/user/sessions/${IPHONE.id}`]: () => {
        listed = [THIS, UNKNOWN];
        return { status: 204, body: null };
      },
    });
    show();
    const rows = within(await screen.findByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidSigned in .*2026.*This device$/),
      expect.stringMatching(/^Safari on iPhoneSigned in .*2026.*Sign out$/),
      expect.stringMatching(/^An unknown browserSigned in .*2026.*Sign out$/),
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/signed in before the shop listed devices/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone, signed in .*2026/ }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Safari on iPhone is signed out'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: `/api/user/sessions/${IPHONE.id}`, token: shopperSession.token }),
    ]);
  });

  it('says why a device could not be signed out, and shows the list as it is now', async () => {
    const user = userEvent.setup();
    let listed = [THIS, IPHONE];
    mockApi({
      'GET /api/user/sessions': () => ({ body: { sessions: listed } }),
      [`DELETE /api/user/sessions/${IPHONE.id}`]: () => {
        listed = [THIS];
        return { status: 404, body: { message: 'That device is not signed in any more' } };
      },
    });
    show();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That device is not signed in any more');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('names the devices in Arabic, and says when the list cannot be read', async () => {
    await changeLanguage('ar');
    mockApi({ 'GET /api/user/sessions': { body: { sessions: [THIS, UNKNOWN] } } });
    const arabic = show();
    expect(await screen.findByText('Chrome على Android')).toBeInTheDocument();
    expect(screen.queryByText(/قبل أن يعرض المتجر الأجهزة/)).not.toBeInTheDocument();
    expect(screen.getByText('هذا الجهاز')).toBeInTheDocument();
    // Its date and time kept on one line: "ص" or "م" alone on the next would read as a stray letter.
    expect(screen.getByText(formatDateTime(THIS.signedInAt, intlLocale('ar')))).toHaveClass('text-nowrap');
    expect(screen.getByRole('button', { name: /^تسجيل خروج متصفح غير معروف، سجّل الدخول / })).toBeInTheDocument();
    arabic.unmount();

    await changeLanguage('en');
    mockApi({ 'GET /api/user/sessions': { status: 500, body: { message: 'Something went wrong' } } });
    show();
    expect(await screen.findByText('Your devices could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out on every device' })).toBeEnabled();
  });

  it('says why this device is not listed when it signed in before the list was kept', async () => {
    mockApi({ 'GET /api/user/sessions': { body: { sessions: [IPHONE] } } });
    show();
    expect(
      await screen.findByText('This device signed in before the shop listed devices, so it is not shown here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sign out Safari on iPhone/ })).toBeInTheDocument();
  });
});
