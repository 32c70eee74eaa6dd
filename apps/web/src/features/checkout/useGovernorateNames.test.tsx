import { afterEach, describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import ar from '../../i18n/ar.json';
import checkoutAr from '../../i18n/checkout.ar.json';
import adminAr from '../../i18n/admin.ar.json';
import { AddressLines } from './components/AddressLines';
import { EGYPT_GOVERNORATES } from '@shop/contracts';
import { useGovernorateNames } from '../../i18n/useGovernorateNames';
import { wholeText } from '../../test/utils';

const address = {
  street: 'El Tahrir St',
  building: '12',
  city: 'Dokki',
  state: 'Giza',
  phone: '01012345678',
  zipCode: '12611',
  country: 'Egypt',
};

function inArabic() {
  i18n.addResourceBundle('ar', { ...ar, checkout: checkoutAr, admin: adminAr });
  i18n.changeLanguage('ar');
}

describe('governorate names', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the stored English name in English, and a state typed for another country as typed', () => {
    render(<AddressLines address={address} />);
    render(<AddressLines address={{ ...address, city: 'Munich', state: 'Bavaria', country: 'Germany' }} />);
    expect(screen.getByText(wholeText('Dokki, Giza'))).toBeInTheDocument();
    expect(screen.getByText(wholeText('Munich, Bavaria'))).toBeInTheDocument();
  });

  it('shows a stored governorate and Egypt in Arabic to an Arabic shopper, after the Arabic comma', () => {
    inArabic();
    render(<AddressLines address={address} />);
    expect(screen.getByText(wholeText('Dokki، الجيزة'))).toBeInTheDocument();
    expect(screen.getByText(wholeText('مصر 12611'))).toBeInTheDocument();
  });

  it('offers every governorate under its Arabic name, in Arabic order, keeping the English name as the value', () => {
    inArabic();
    const { options } = renderHook(() => useGovernorateNames()).result.current;
    expect(options.map(({ value }) => value).sort()).toEqual([...EGYPT_GOVERNORATES].sort());
    expect(options.slice(0, 3)).toEqual([
      { value: 'Aswan', name: 'أسوان' },
      { value: 'Asyut', name: 'أسيوط' },
      { value: 'Alexandria', name: 'الإسكندرية' },
    ]);
  });
});
