import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry } from './cardFormat';

describe('card number', () => {
  it('groups digits by four as they are typed', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('drops anything but digits and stops at 16 digits', () => {
    expect(formatCardNumber('4242-4242 abcd 4242')).toBe('4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 9')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('expiry', () => {
  it('puts the slash in after the month while typing', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('12/34', '12/3')).toBe('12/34');
    expect(formatExpiry('1234')).toBe('12/34');
  });

  it('reads a first digit above 1 as a one-digit month', () => {
    expect(formatExpiry('4', '')).toBe('04/');
    expect(formatExpiry('0', '')).toBe('0');
  });

  it('lets backspace remove the slash instead of putting it back', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('takes pasted or autofilled dates with a four-digit year', () => {
    expect(formatExpiry('12/2034')).toBe('12/34');
    expect(formatExpiry('3/2031')).toBe('03/31');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
});

describe('CVC', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });
});

describe('caret', () => {
  it('stays after the digit it followed once spaces and slashes move things', () => {
    // Typing a 5th digit at the end of "4242": the caret goes after the new digit, past the space.
    expect(caretAfterDigits('4242 4', 5)).toBe(6);
    // An edit in the middle: after the 2nd digit.
    expect(caretAfterDigits('4242 4242', 2)).toBe(2);
    expect(caretAfterDigits('12/34', 3)).toBe(4);
    expect(caretAfterDigits('12/34', 0)).toBe(0);
  });
});
