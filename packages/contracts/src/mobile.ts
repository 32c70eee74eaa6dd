// Without zod: the storefront's footer links the shop's WhatsApp on pages that load no validation code.

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as the Latin ones a shopper's keyboard may not type. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));

/**
 * An Egyptian mobile (010, 011, 012, 015) written any usual way, as the shop stores it: +201XXXXXXXXX. Accepts
 * 01…, +201…, 00201…, 201…, with spaces, dashes, dots or brackets, in Latin or Arabic-Indic digits; null otherwise.
 */
export function egyptianMobile(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s\-.()\u200e\u200f]/g, '');
  const national = digits.match(/^(?:\+20|0020|20)?0?(1[0125]\d{8})$/)?.[1];
  return national ? `+20${national}` : null;
}

/**
 * The same mobile in its local form, 01XXXXXXXXX: as delivery addresses store it (the number the courier calls, and
 * the one the shop's cash records are kept by) and as a wallet payment names its wallet; null if not a mobile.
 */
export function localMobile(input: string): string | null {
  const mobile = egyptianMobile(input);
  return mobile ? `0${mobile.slice(3)}` : null;
}
