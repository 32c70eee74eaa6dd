import { z } from 'zod';
import { say, type Said } from './said.js';
import { latinDigits } from './mobile.js';

/**
 * The buyer's Egyptian national ID on an e-receipt (docs/decisions/eta-receipts.md): asked only where the
 * Tax Authority asks for it, an order whose bill (the receipt's totalAmount, VAT and delivery included) is at
 * least this many pounds, and only where the shop issues e-receipts.
 */
export const ETA_BUYER_ID_THRESHOLD = 150_000;

/**
 * Why an order was refused for its buyer's national ID, as the 400 names it in its `code`: none given where the
 * order needs one, or one that is not a national ID.
 */
export const NATIONAL_ID_REFUSALS = ['national_id_required', 'national_id_invalid'] as const;
export type NationalIdRefusal = (typeof NATIONAL_ID_REFUSALS)[number];

/**
 * The governorate codes of the civil registry (digits 8 and 9): the 27 governorates, and 88 for those born
 * abroad.
 */
const GOVERNORATE_CODES = new Set([
  '01', '02', '03', '04', // Cairo, Alexandria, Port Said, Suez
  '11', '12', '13', '14', '15', '16', '17', '18', '19', // Damietta … Ismailia
  '21', '22', '23', '24', '25', '26', '27', '28', '29', // Giza … Luxor
  '31', '32', '33', '34', '35', // Red Sea, New Valley, Matrouh, North and South Sinai
  '88', // born abroad
]); // prettier-ignore

/** A national ID as typed, in Latin digits, without the spaces or dashes a shopper may group it with. */
export const nationalIdDigits = (entry: string) => latinDigits(entry).replace(/[\s\-\u200e\u200f]/g, '');

/**
 * What is wrong with a national ID (Latin digits), or null. Its structure: the century of birth (2 for the
 * 1900s, 3 for the 2000s), the birth date as YYMMDD (a real day, not after `today`), the governorate of birth,
 * a serial and a check digit. The check digit's rule is not published, so it is not checked.
 */
export function nationalIdProblem(id: string, today: Date = new Date()): Said | null {
  if (!/^\d{14}$/.test(id)) return say.rule.nationalIdLength;
  const century = id[0] === '2' ? 1900 : id[0] === '3' ? 2000 : null;
  if (century === null) return say.rule.nationalIdCentury;
  const year = century + Number(id.slice(1, 3));
  const month = Number(id.slice(3, 5));
  const day = Number(id.slice(5, 7));
  const born = new Date(Date.UTC(year, month - 1, day));
  const real = born.getUTCFullYear() === year && born.getUTCMonth() === month - 1 && born.getUTCDate() === day;
  if (!real || born.getTime() > today.getTime()) return say.rule.nationalIdBirthDate;
  if (!GOVERNORATE_CODES.has(id.slice(7, 9))) return say.rule.nationalIdGovernorate;
  return null;
}

/** The national ID as the checkout and the staff's new order take it: Arabic-Indic digits welcome; 14 Latin digits out. */
export const nationalIdSchema = z
  .string({ error: say.rule.nationalIdLength })
  .max(40, say.rule.nationalIdLength)
  .transform((entry, ctx) => {
    const id = nationalIdDigits(entry);
    const problem = nationalIdProblem(id);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return problem ? z.NEVER : id;
  });

/**
 * The entry as an order's body carries it. Whether the order needs it depends on the bill the server computes, so
 * the body takes it as typed and the server holds it to `nationalIdSchema` where the order needs it (and drops it
 * where it does not).
 */
export const nationalIdEntry = z.string().max(40, say.rule.nationalIdLength).optional();

/** The last four digits, all a page shows of a stored national ID. */
export const nationalIdEnding = (id: string) => id.slice(-4);
