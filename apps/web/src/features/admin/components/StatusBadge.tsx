import Badge from 'react-bootstrap/Badge';
import type { OrderStatus } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';

/** Colours read at a glance: waiting (amber), moving (teal, blue, grey), done (green), stopped (red), given back (grey, black). */
const COLOURS: Record<OrderStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'warning', text: 'dark' },
  paid: { bg: 'info', text: 'dark' },
  awaiting_confirmation: { bg: 'warning', text: 'dark' },
  confirmed: { bg: 'primary' },
  shipped: { bg: 'secondary' },
  delivered: { bg: 'success' },
  cancelled: { bg: 'danger' },
  return_requested: { bg: 'warning', text: 'dark' },
  returned: { bg: 'secondary' },
  refunded: { bg: 'dark' },
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const { bg, text } = COLOURS[status];
  return (
    <Badge bg={bg} text={text}>
      {t(`admin.status.${status}`)}
    </Badge>
  );
}
