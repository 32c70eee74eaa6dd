import {
  CARD_REFUND_DAYS,
  formatPrice,
  intlLocale,
  paidBackWayOf,
  type Language,
  type OrderRefund,
  type PaidBackWay,
} from '@shop/contracts';

/** How the dashboard records a cash refund's way (RefundButton), in each language: every way, or it does not compile. */
const PAID_BACK: Record<Language, Record<PaidBackWay, string>> = {
  en: { cash: 'in cash', bankTransfer: 'by bank transfer', wallet: 'to your mobile wallet', instapay: 'by InstaPay' },
  ar: { cash: 'نقدًا', bankTransfer: 'بتحويل بنكي', wallet: 'إلى محفظة هاتفك', instapay: 'عبر إنستاباي' },
};

const WORDS = {
  en: {
    amount: (amount: string, bill: string, whole: boolean) =>
      whole ? `${amount}, the whole bill` : `${amount} of the ${bill} bill`,
    online: {
      card: 'your card',
      wallet: 'your mobile wallet',
      kiosk: 'the way you paid',
      fawry: 'the way you paid at Fawry',
    },
    back: (to: string) => `It goes back to ${to} within ${CARD_REFUND_DAYS} working days.`,
    paidBack: (how: string) => `It was paid back to you ${how}.`,
  },
  ar: {
    amount: (amount: string, bill: string, whole: boolean) =>
      whole ? `${amount}، الفاتورة كلها` : `${amount} من فاتورة قدرها ${bill}`,
    online: {
      card: 'بطاقتك',
      wallet: 'محفظة هاتفك',
      kiosk: 'الطريقة التي دفعت بها',
      fawry: 'الطريقة التي دفعت بها في فوري',
    },
    back: (to: string) => `يعود المبلغ إلى ${to} خلال ${CARD_REFUND_DAYS} أيام عمل.`,
    paidBack: (how: string) => `رُدّ إليك المبلغ ${how}.`,
  },
} as const;

/** How a cash refund went back (`PAID_BACK_WAYS`' words, or an admin's own), as a shopper reads it in `language`. */
export const paidBackHow = (by: string, language: Language): string => {
  const way = paidBackWayOf(by);
  return way ? PAID_BACK[language][way] : by;
};

/** A refund as an order's e-mail and SMS tell it: what was given back (of which bill), and how it reaches the shopper. */
export function refundWords(refund: OrderRefund, bill: number, language: Language): { amount: string; way: string } {
  const w = WORDS[language];
  const price = (egp: number) => formatPrice(egp, intlLocale(language));
  const way =
    refund.method === 'cash'
      ? w.paidBack(paidBackHow(refund.paidBackBy ?? '', language))
      : w.back(w.online[refund.method]);
  return { amount: w.amount(price(refund.amount), price(bill), refund.whole), way };
}
