/**
 * How an SMS is coded and into how many parts it splits. Text of the GSM 03.38 alphabet goes as 'text': 160
 * characters in one part, 153 a part when longer (the rest carries the join). Anything else, Arabic included, goes as
 * 'unicode' (UCS-2): 70 in one part, 67 a part. The extension characters (^ { } \ [ ~ ] | €) take two places.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€';

export type SmsCoding = 'text' | 'unicode';

export function smsCoding(text: string): SmsCoding {
  for (const char of text) if (!GSM_BASIC.includes(char) && !GSM_EXTENSION.includes(char)) return 'unicode';
  return 'text';
}

/** Places the text takes in its coding: UTF-16 code units for 'unicode', septets for 'text'. */
function places(text: string, coding: SmsCoding): number {
  if (coding === 'unicode') return text.length;
  let n = 0;
  for (const char of text) n += GSM_EXTENSION.includes(char) ? 2 : 1;
  return n;
}

export const SINGLE_PART = { text: 160, unicode: 70 } as const;
const PER_PART = { text: 153, unicode: 67 } as const;

export function smsParts(text: string): { coding: SmsCoding; parts: number } {
  const coding = smsCoding(text);
  const n = places(text, coding);
  return { coding, parts: n <= SINGLE_PART[coding] ? 1 : Math.ceil(n / PER_PART[coding]) };
}

/**
 * A text as an SMS sends it: a no-break space (a price's, "EGP 1,280") becomes a plain one, which the GSM alphabet
 * has. Without it, an English text with a price goes as unicode, 70 characters a part instead of 160.
 */
export const smsText = (text: string): string => text.replaceAll('\u00a0', ' ');
