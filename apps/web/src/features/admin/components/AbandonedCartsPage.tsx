import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { AbandonedCart } from '@shop/contracts';
import { Pagination } from '../../../components/Pagination';
import { Refreshing } from '../../../components/Refreshing';
import { usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useGetAbandonedCartsQuery } from '../api/adminApi';
import { usePermissions } from '../permissions';
import { EmailAddress } from './EmailAddress';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

/**
 * The carts shoppers abandoned (GET /api/admin/carts): who, what it is worth at today's prices, when it last changed
 * and whether a reminder went. The phone is a link that dials; the reminder's column says who opted in to hear
 * about their cart, as reaching out about it is marketing.
 */
export function AbandonedCartsPage() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const { page, setPage } = usePageParam();
  // Carts change outside the dashboard, at any time: read afresh each time the screen opens.
  const query = useGetAbandonedCartsQuery({ page }, { refetchOnMountOrArgChange: true });
  const { data, isFetching } = query;
  usePageBounds(page, data?.pages, setPage);

  return (
    <>
      <PageHeader
        title={t('admin.carts.title')}
        subtitle={
          data?.total
            ? t('admin.carts.summary', { count: data.total, value: formatPrice(data.value, locale) })
            : t('admin.carts.subtitle')
        }
      />
      {data?.total ? <p className="text-body-secondary small">{t('admin.carts.subtitle')}</p> : null}
      <QueryState
        query={query}
        lines={6}
        empty={{ title: t('admin.carts.none'), hint: t('admin.carts.noneHint'), when: (found) => !found.carts.length }}
      >
        {(found) => (
          <Refreshing busy={isFetching}>
            <div className="dash-card p-0">
              <ScrollTable
                caption={t('admin.carts.title')}
                className="table dash-table dash-table-cards carts-table align-middle mb-0"
              >
                <thead>
                  <tr>
                    <th scope="col">{t('admin.carts.shopper')}</th>
                    <th scope="col">{t('admin.carts.contact')}</th>
                    <th scope="col" className="text-end">
                      {t('admin.carts.pieces')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('admin.carts.value')}
                    </th>
                    <th scope="col">{t('admin.carts.left')}</th>
                    <th scope="col">{t('admin.carts.reminder')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.carts.map((cart) => (
                    <CartRow key={cart.user._id} cart={cart} />
                  ))}
                </tbody>
              </ScrollTable>
            </div>
          </Refreshing>
        )}
      </QueryState>
      {data && <Pagination page={page} pages={data.pages} />}
    </>
  );
}

function CartRow({ cart }: { cart: AbandonedCart }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  // A custom role may read customers but not orders: the API would refuse that shopper's orders (403).
  const { can } = usePermissions();
  const { user } = cart;
  return (
    <tr>
      <th scope="row" className="fw-semibold cell-name" dir="auto">
        {can('orders.read') ? (
          <Link to={paths.userOrders(user._id)} className="tap-inline">
            {user.name}
          </Link>
        ) : (
          user.name
        )}
      </th>
      <td className="cell-contact">
        {user.phone && (
          <a href={`tel:${user.phone}`} className="d-block tap-inline">
            {/* Heard before the number it dials; the number stays in the name, as it is what is seen. */}
            <span className="visually-hidden">{t('admin.carts.call', { name: user.name })}</span>{' '}
            <bdi dir="ltr" className="text-nowrap">
              {user.phone}
            </bdi>
          </a>
        )}
        {/* Proven by a code, as on the users list; a typed number may be a mistake, or someone else's. */}
        {cart.phoneConfirmed && (
          <Badge bg="success" className="mb-1">
            {t('account.phone.confirmed')}
          </Badge>
        )}
        {user.email && (
          <bdi dir="ltr" className="d-block small text-body-secondary">
            <EmailAddress address={user.email} />
          </bdi>
        )}
      </td>
      <td className="cell-pieces" data-label={t('admin.carts.pieces')}>
        {cart.pieces}
      </td>
      <td className="text-end text-nowrap fw-semibold cell-value">{formatPrice(cart.value, locale)}</td>
      <td className="cell-left" data-label={t('admin.carts.left')}>
        {formatDateTime(cart.changedAt, locale)}
      </td>
      <td className="cell-reminder" data-label={t('admin.carts.reminder')}>
        {cart.remindedAt ? (
          <Badge bg="success">{t('admin.carts.reminded', { date: formatDateTime(cart.remindedAt, locale) })}</Badge>
        ) : cart.reminders ? (
          <Badge bg="light" text="dark" className="border">
            {t('admin.carts.agreed')}
          </Badge>
        ) : (
          <span className="text-body-secondary small">{t('admin.carts.notAgreed')}</span>
        )}
      </td>
    </tr>
  );
}
