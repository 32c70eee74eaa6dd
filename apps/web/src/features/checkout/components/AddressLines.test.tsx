import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { AddressLines } from './AddressLines';

const address = {
  street: 'Mohamed Mazhar St',
  building: '4',
  apartment: '7',
  floor: '3',
  landmark: 'the green mosque',
  city: 'Zamalek',
  state: 'Cairo',
  phone: '01012345678',
  zipCode: '11211',
  country: 'Egypt',
};

/**
 * The line a value the shopper typed sits on, once checked that the value has an element of its own which keeps
 * its own direction: a Latin city inside an Arabic line, an Arabic one inside an English line.
 */
function lineOf(typed: string): HTMLElement {
  const value = screen.getByText(typed);
  expect(value.tagName === 'BDI' || value.getAttribute('dir') === 'auto', `${typed} set apart`).toBe(true);
  return value.parentElement!;
}

/** The direction a line reads in: the nearest one given, which should be the page's. */
const directionOf = (line: HTMLElement) => line.closest('[dir]')?.getAttribute('dir');

afterEach(() => act(() => changeLanguage('en')));

describe('an address', () => {
  it('reads right to left on an Arabic page, each Latin value the shopper typed kept as typed inside its line', async () => {
    await act(() => changeLanguage('ar'));
    render(<AddressLines address={address} name="Mariam Adel" />);

    // Read from the right: the city first, then its governorate, though the city is written in Latin letters.
    const place = lineOf('Zamalek');
    expect(place).toHaveTextContent(/^Zamalek، القاهرة$/);
    expect(directionOf(place)).toBe('rtl');
    expect(directionOf(lineOf('the green mosque'))).toBe('rtl');
    expect(lineOf('the green mosque')).toHaveTextContent(/^بجوار the green mosque$/);
    expect(lineOf('7')).toHaveTextContent(/^شقة 7 · الدور 3$/);
    expect(lineOf('3')).toBe(lineOf('7'));
    for (const typed of ['Mariam Adel', '4', 'Mohamed Mazhar St', '11211'])
      expect(directionOf(lineOf(typed))).toBe('rtl');
    expect(lineOf('11211')).toHaveTextContent(/^مصر 11211$/);
    // A phone number reads left to right, on a line that keeps the page's side.
    const phone = screen.getByText('01012345678');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(directionOf(phone.parentElement!)).toBe('rtl');
  });

  it('reads the same as before on an English page, and keeps an Arabic city typed there right to left inside its line', async () => {
    await act(() => changeLanguage('en'));
    render(<AddressLines address={{ ...address, city: 'الزمالك' }} name="Mariam Adel" />);

    const place = lineOf('الزمالك');
    expect(place).toHaveTextContent(/^الزمالك, Cairo$/);
    expect(directionOf(place)).toBe('ltr');
    expect(lineOf('7')).toHaveTextContent(/^Apartment 7 · Floor 3$/);
    expect(lineOf('the green mosque')).toHaveTextContent(/^Near the green mosque$/);
    expect(lineOf('4')).toHaveTextContent(/^4 Mohamed Mazhar St$/);
    expect(lineOf('11211')).toHaveTextContent(/^Egypt 11211$/);
    expect(directionOf(lineOf('Mariam Adel'))).toBe('ltr');
  });

  it('ends with what the shopper asks of the courier, in either language, but not on an invoice', async () => {
    const instructions = 'Call when you arrive';
    const { unmount } = render(<AddressLines address={{ ...address, instructions }} />);
    const line = lineOf(instructions);
    expect(line).toHaveTextContent(/^For the courier: Call when you arrive$/);
    expect(line.parentElement?.lastElementChild).toBe(line);
    unmount();

    await act(() => changeLanguage('ar'));
    const { unmount: away } = render(<AddressLines address={{ ...address, instructions }} />);
    expect(lineOf(instructions)).toHaveTextContent(/^للمندوب: Call when you arrive$/);
    away();

    render(<AddressLines address={{ ...address, instructions }} withInstructions={false} />);
    expect(screen.getByText('the green mosque')).toBeInTheDocument();
    expect(screen.queryByText(instructions)).not.toBeInTheDocument();
  });
});
