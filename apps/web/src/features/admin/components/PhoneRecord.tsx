import Placeholder from 'react-bootstrap/Placeholder';
import type { PhoneRecord } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetPhoneRecordQuery } from '../api/confirmationsApi';

const COUNTS = ['placed', 'confirmed', 'delivered', 'refused', 'cancelledAfterConfirming'] as const;

/**
 * What a delivery phone did with the shop's orders, in one line ("Placed 3 · Confirmed 3 · Delivered 2 · Refused 1").
 * Refusals are what the desk looks for: any stand out, marked in colour and with a sign; cancellations after
 * confirming show only when there are some, so the line stays short.
 */
export function PhoneRecordLine({
  record,
  phone,
  className = '',
}: {
  record: PhoneRecord;
  /** Named when the page does not show the number right beside the line. */
  phone?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const shown = COUNTS.filter((key) => key !== 'cancelledAfterConfirming' || record[key] > 0);
  return (
    <p className={`phone-record small mb-0 ${className}`}>
      <span className="text-body-secondary">
        {phone ? t('admin.phoneRecord.titleOf', { phone }) : t('admin.phoneRecord.title')}:{' '}
      </span>
      {shown.map((key, index) => (
        <span key={key}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          {key === 'refused' && record.refused > 0 ? (
            <span className="phone-record-refused">
              <span aria-hidden="true">⚠ </span>
              {t('admin.phoneRecord.refused')} <strong>{record.refused}</strong>
            </span>
          ) : (
            <>
              {t(`admin.phoneRecord.${key}`)} <strong>{record[key]}</strong>
            </>
          )}
        </span>
      ))}
      {record.placed === 0 && <span className="text-body-secondary"> ({t('admin.phoneRecord.none')})</span>}
    </p>
  );
}

/** The record of `phone`, fetched: for pages that show a phone without its record. */
export function PhoneRecordOf({ phone, className }: { phone: string; className?: string }) {
  const { t } = useTranslation();
  const { data, isError } = useGetPhoneRecordQuery(phone, { refetchOnMountOrArgChange: true });
  if (isError) return <p className="small text-body-secondary mb-0">{t('admin.phoneRecord.failed')}</p>;
  if (!data)
    return (
      <Placeholder as="p" animation="glow" className="small mb-0" aria-label={t('common.loading')}>
        <Placeholder xs={8} />
      </Placeholder>
    );
  return <PhoneRecordLine record={data} phone={phone} className={className} />;
}
