import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { ADMIN_ORDERS_PAGE_SIZE } from '@shop/contracts';
import { errorStatus } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { PrinterIcon } from '../../../components/icons';
import { InLanguage, useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { adminApi } from '../api/adminApi';
import { shortId } from '../format';
import { useOrderToPrint } from '../useOrderToPrint';
import { BackLink } from './BackLink';
import { PackingSlip } from './PackingSlip';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import '../../../styles/packing-slip.css';

/**
 * /dashboard/orders/packing-slips?order=…&order=…: the packing slips of the orders chosen on the list, shown as they
 * will print and printed together, a sheet each, each in its order's language. At most a page of the list: the
 * address is the selection, and a longer one would be a request per order beyond what anyone packs at once.
 */
export function PackingSlipsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = [...new Set(params.getAll('order'))].slice(0, ADMIN_ORDERS_PAGE_SIZE);
  // Printing waits for every slip: one still loading, or whose load failed and may be tried again, would be left off
  // the paper. Only an order that does not exist is printed without.
  const settled = useAppSelector((state) =>
    ids.every((id) => {
      const { isSuccess, isError, error } = adminApi.endpoints.getAdminOrder.select(id)(state);
      return isSuccess || (isError && errorStatus(error) === 404);
    }),
  );

  return (
    <>
      <div className="d-print-none">
        <BackLink to={paths.dashOrders}>{t('admin.order.back')}</BackLink>
        <PageHeader
          title={t('admin.packingSlips.title')}
          subtitle={ids.length ? t('admin.allOrders.total', { count: ids.length }) : undefined}
        >
          {ids.length > 0 && (
            <Button
              variant="primary"
              className="d-inline-flex align-items-center gap-2"
              disabled={!settled}
              onClick={() => window.print()}
              aria-describedby="slips-languages"
            >
              <PrinterIcon size={16} />
              {t('admin.packingSlips.print')}
            </Button>
          )}
        </PageHeader>
        {ids.length > 0 && (
          <p id="slips-languages" className="text-body-secondary">
            {t('admin.packingSlips.languages')}
          </p>
        )}
      </div>
      {ids.length ? (
        <div className="packing-slips">
          {ids.map((id) => (
            <SlipOf key={id} id={id} />
          ))}
        </div>
      ) : (
        <EmptyState title={t('admin.packingSlips.none')} />
      )}
    </>
  );
}

/** One order's slip, a sheet of its own; an order that cannot be read is said on screen and left off the paper. */
function SlipOf({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useOrderToPrint(id);
  return (
    <div className={query.isError || !query.data ? 'packing-slip-sheet d-print-none' : 'packing-slip-sheet'}>
      <QueryState query={query} lines={4} notFound={t('admin.packingSlips.missing', { ref: shortId(id) })}>
        {(order) => (
          <InLanguage language={order.language}>
            <PackingSlip order={order} onScreen />
          </InLanguage>
        )}
      </QueryState>
    </div>
  );
}
