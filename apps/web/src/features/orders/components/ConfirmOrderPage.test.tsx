import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute } from '../../../test/utils';
import { ConfirmOrderPage } from './ConfirmOrderPage';

const renderConfirm = () => renderRoute(<ConfirmOrderPage />, { path: '/confirm/:token', url: '/confirm/tok' });

describe('/confirm/<token>', () => {
  afterEach(() => changeLanguage('en'));

  it('calls the link invalid when the server does not know it', async () => {
    mockApi({ 'GET /api/order/confirm/tok': { status: 404, body: { message: 'This link is not valid' } } });
    renderConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is not valid. Please use the link of your latest message.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('does not blame the link when the shop could not answer, and asks again on Try again (Arabic)', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    let answers = 0;
    mockApi({
      'GET /api/order/confirm/tok': () => {
        answers += 1;
        return answers === 1 ? { status: 503, body: null } : { status: 404, body: { message: 'الرابط غير صالح' } };
      },
    });
    renderConfirm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل هذا المحتوى الآن');
    expect(alert).not.toHaveTextContent('رابط التأكيد هذا غير صالح');
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText(/رابط التأكيد هذا غير صالح/)).toBeInTheDocument();
    expect(answers).toBe(2);
  });
});
