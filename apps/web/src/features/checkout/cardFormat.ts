/**
 * Formatting of the test provider's card fields as the shopper types, the way Stripe Elements does:
 * digits only, the number in groups of four, the expiry as MM/YY with the slash put in for them.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Card numbers the shop takes have at most 16 digits (15 for American Express). */
const CARD_NUMBER_DIGITS = 16;

export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, CARD_NUMBER_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * `previous` is the field's value before this edit: while deleting, the slash is not put back, or
 * backspace could never get past it.
 */
export function formatExpiry(value: string, previous = ''): string {
  // Autofill and pasting may bring a four-digit year: 12/2034 means 12/34.
  const longYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  if (longYear?.[1] && longYear[2]) return `${longYear[1].padStart(2, '0')}/${longYear[2]}`;
  let digits = digitsOf(value).slice(0, 4);
  // A first digit above 1 can only be a one-digit month: 4 is April, 04.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  const deleting = value.length < previous.length;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/**
 * Where the caret belongs in `formatted` so that it stays after the same digit it followed in the
 * typed text: formatting adds spaces and slashes, which would otherwise push it around.
 */
export function caretAfterDigits(formatted: string, digitsBeforeCaret: number): number {
  if (digitsBeforeCaret <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted.charAt(index))) {
      seen += 1;
      if (seen === digitsBeforeCaret) return index + 1;
    }
  }
  return formatted.length;
}

export const countDigits = (value: string) => digitsOf(value).length;
