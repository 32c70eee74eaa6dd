import Form from 'react-bootstrap/Form';
import { PAID_BACK_WAYS, type PaidBackWay } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';

const PAID_BACK_BY = Object.keys(PAID_BACK_WAYS) as PaidBackWay[];

/** How money given back by hand went back (cash, a transfer, a wallet, InstaPay): asked wherever staff record it. */
export function PaidBackByField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PaidBackWay;
  onChange: (way: PaidBackWay) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Group className="mt-3" controlId={id}>
      <Form.Label>{t('admin.orders.paidBackByLabel')}</Form.Label>
      <Form.Select
        value={value}
        onChange={(event) => onChange(PAID_BACK_BY.find((way) => way === event.target.value) ?? 'cash')}
      >
        {PAID_BACK_BY.map((way) => (
          <option key={way} value={way}>
            {t(`admin.orders.paidBackBy.${way}`)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
