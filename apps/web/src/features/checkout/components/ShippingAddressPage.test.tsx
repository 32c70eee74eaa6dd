import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { ShippingAddressPage } from './ShippingAddressPage';

describe('/ShippingAdress', () => {
  afterEach(() => changeLanguage('en'));

  it('offers to ask again when the saved addresses could not be read, in Arabic', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    let answers = 0;
    mockApi({
      'GET /api/address': () => {
        answers += 1;
        return answers === 1 ? { status: 503, body: null } : { body: [] };
      },
    });
    renderCheckout(<ShippingAddressPage />, { path: '/ShippingAdress', preloadedState: { session: shopperSession } });
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل هذا المحتوى الآن');
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('ليست لديك عناوين محفوظة بعد')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
