import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAlerts } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { StaffAlertsPage } from './StaffAlertsPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

afterEach(() => act(() => changeLanguage('en')));

const ALERTS: StaffAlerts = {
  alerts: ['return_requested'],
  language: 'en',
  allowed: ['new_order', 'return_requested'],
  channel: 'whatsapp',
  to: '01012345678',
};

const echo = async (request: Request) => {
  const body = (await request.json()) as Pick<StaffAlerts, 'alerts' | 'language'>;
  return { body: { ...ALERTS, ...body } };
};
const page = () => renderRoute(<StaffAlertsPage />, { preloadedState: { session: adminSession } });

describe('a member’s alerts', () => {
  it('are switched on and saved, in the language of the page', async () => {
    const user = userEvent.setup();
    await act(() => changeLanguage('ar'));
    const { calls } = mockApi({ 'GET /api/staff/me/alerts': { body: ALERTS }, 'PUT /api/staff/me/alerts': echo });
    page();
    const newOrder = await screen.findByRole('switch', { name: 'يصل طلب جديد' });
    expect(newOrder).not.toBeChecked();
    expect(newOrder).toHaveAccessibleDescription(/طلب الدفع عند الاستلام بعد تأكيده/);
    expect(screen.getByRole('switch', { name: 'يطلب عميل إرجاع طلب' })).toBeChecked();
    expect(screen.getByText('01012345678').closest('p')).toHaveTextContent('عبر واتساب إلى 01012345678');
    // Saved in English, read on an Arabic page: saving here changes their language, and the page says so.
    expect(
      screen.getByText('تُكتب باللغة الإنجليزية. وإذا حفظت هنا فستُكتب باللغة العربية، لغة هذه الصفحة.'),
    ).toBeInTheDocument();

    await user.click(newOrder);
    await user.click(screen.getByRole('button', { name: 'احفظ تنبيهاتي' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('حُفظت تنبيهاتك'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { alerts: ['return_requested', 'new_order'], language: 'ar' },
    ]);
    expect(await screen.findByText('تُكتب باللغة العربية، لغة هذه الصفحة.')).toBeInTheDocument();
  });

  it('offer only what the role handles, and say when nothing can reach the member', async () => {
    mockApi({
      'GET /api/staff/me/alerts': { body: { ...ALERTS, alerts: [], allowed: ['new_order'], channel: 'sms', to: null } },
    });
    page();
    expect(await screen.findByRole('switch', { name: 'A new order comes in' })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'A customer asks to return an order' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your account has no confirmed mobile, so no alert can reach you by SMS/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change how the shop reaches you' })).toHaveAttribute(
      'href',
      '/EditProfile',
    );
  });

  it('offer the morning’s summary, at its hour, to a role holding the reports alone', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/staff/me/alerts': { body: { ...ALERTS, alerts: ['daily_summary'], allowed: ['daily_summary'] } },
    });
    page();
    const summary = await screen.findByRole('switch', { name: 'يبدأ يوم جديد: حصيلة اليوم السابق' });
    expect(summary).toBeChecked();
    expect(summary).toHaveAccessibleDescription(/^في الساعة 9:00 بتوقيت القاهرة: طلبات اليوم السابق ومبيعاته/);
    expect(screen.getAllByRole('switch')).toHaveLength(1);
  });

  it('offer a low review to answer, with its stars, to a role that answers reviews', async () => {
    mockApi({ 'GET /api/staff/me/alerts': { body: { ...ALERTS, allowed: ['low_review'] } } });
    page();
    const low = await screen.findByRole('switch', { name: 'A shopper is let down: a low review to answer' });
    expect(low).not.toBeChecked();
    expect(low).toHaveAccessibleDescription(/^As it is written, a review giving 2 stars or fewer: the product/);
  });

  it('say a refusal and keep the choice', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/staff/me/alerts': { body: ALERTS },
      'PUT /api/staff/me/alerts': {
        status: 403,
        body: { message: 'Your role does not handle this work, so you cannot be alerted to it' },
      },
    });
    page();
    await user.click(await screen.findByRole('switch', { name: 'A new order comes in' }));
    await user.click(screen.getByRole('button', { name: 'Save my alerts' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Your role does not handle this work, so you cannot be alerted to it'),
    );
    expect(screen.getByRole('switch', { name: 'A new order comes in' })).toBeChecked();
  });
});
