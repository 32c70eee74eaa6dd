import { Link, useParams } from 'react-router';
import { BackLink } from './BackLink';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useGetUserOrdersQuery, useGetUsersQuery } from '../api/adminApi';
import { formatDateTime, shortId } from '../format';
import { OrderActions } from './OrderActions';
import { EmailAddress } from './EmailAddress';
import { OrderNumber } from './OrderNumber';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { PhoneRecordOf } from './PhoneRecord';
import { ScrollTable } from './ScrollTable';
import { StatusBadge } from './StatusBadge';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/**
 * UserOrder/{userID}: one user's orders in the spec's columns. The last column is headed 'User Name'
 * as the spec has it, and shows the order's status, with the control that moves it along.
 */
export function UserOrdersPage() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const localized = useLocalized();
  const { userID = '' } = useParams();
  const query = useGetUserOrdersQuery(userID, { refetchOnMountOrArgChange: true });
  // The name for the title; usually already loaded by the Users screen this page is opened from.
  const { data: users } = useGetUsersQuery();
  const user = users?.users.find((u) => u._id === userID);

  return (
    <>
      <BackLink to={paths.dashUsers}>{t('admin.orders.back')}</BackLink>
      <PageHeader
        title={user ? t('admin.orders.titleNamed', { name: user.name }) : t('admin.orders.title')}
        subtitle={
          user?.email && (
            <bdi>
              <EmailAddress address={user.email} />
            </bdi>
          )
        }
      />
      <QueryState query={query} notFound={t('admin.orders.noUser')} empty={{ title: t('admin.orders.none') }}>
        {(orders) => (
          <>
            <section className="dash-card mb-3" aria-label={t('admin.phoneRecord.title')}>
              {/* The numbers their parcels went to, each with its record: the courier calls those, not the account's. */}
              {[...new Set(orders.map((order) => order.deliveryAddress.phone))].map((phone) => (
                <PhoneRecordOf key={phone} phone={phone} />
              ))}
            </section>
            <div className="dash-card p-0">
              <ScrollTable
                caption={t('admin.orders.title')}
                className="table dash-table dash-table-cards user-orders-table align-middle mb-0"
              >
                <thead>
                  <tr>
                    <th scope="col">{t('admin.orders.orderId')}</th>
                    <th scope="col">{t('admin.orders.productName')}</th>
                    <th scope="col" className="text-end">
                      {t('admin.orders.quantity')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('admin.orders.bill')}
                    </th>
                    <th scope="col">{t('admin.orders.paymentMethod')}</th>
                    <th scope="col">{t('admin.orders.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => {
                    // The first product only, its name and its quantity, as the spec has these columns; the
                    // others are counted under the name.
                    const [first] = order.products;
                    return (
                      <tr key={order._id}>
                        <td className="cell-order">
                          <Link
                            to={paths.dashOrder(order._id)}
                            className="tap-inline"
                            aria-label={t('admin.order.open', { ref: shortId(order._id) })}
                          >
                            <OrderNumber id={order._id} />
                          </Link>
                          <span className="d-block small text-body-secondary">
                            {formatDateTime(order.createdAt, locale)}
                          </span>
                        </td>
                        <td className="dash-cell-name cell-product">
                          {first ? <Localized value={localized.name(first.productBrief)} /> : '—'}
                          {first?.variant && <VariantValues options={first.variant.options} className="mb-0" />}
                          {order.products.length > 1 && (
                            <span className="d-block small text-body-secondary">
                              {t('admin.orders.more', { count: order.products.length - 1 })}
                            </span>
                          )}
                        </td>
                        <td className="cell-quantity text-end">{first?.quantity ?? '—'}</td>
                        <td className="cell-bill text-end text-nowrap">
                          <Price value={order.bill} />
                        </td>
                        <td className="cell-method">{t(`admin.orders.methods.${order.paymentMethod}`)}</td>
                        <td className="status-cell cell-status">
                          <StatusBadge status={order.status} />
                          <OrderActions order={order} inList />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </ScrollTable>
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
