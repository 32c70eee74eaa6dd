import type { ReactNode } from 'react';
import type { ReviewReply } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';

/**
 * The shop's answer under a review, as the product page and the dashboard show it: who says it and when, then its
 * words. The dashboard adds a note beside the heading and its buttons under the words.
 */
export function ShopAnswer({ reply, note, children }: { reply: ReviewReply; note?: ReactNode; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="review-reply mb-2">
      <p className="small fw-semibold mb-1">
        {t('reviews.reply', { date: formatDate(reply.date, intlLocale(i18n.language)) })}
        {note}
      </p>
      {/* Staff write in either language: the words take their own direction. */}
      <p className={children ? 'review-comment mb-2' : 'review-comment mb-0'} dir="auto">
        {reply.text}
      </p>
      {children}
    </div>
  );
}
