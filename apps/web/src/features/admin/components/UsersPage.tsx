import { useDeferredValue, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { User } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { SearchIcon } from '../../../components/icons';
import { useGetUsersQuery, useSignOutCustomerMutation } from '../api/adminApi';
import { useConfirmed } from '../useConfirmed';
import { usePermissions } from '../permissions';
import { ConfirmDialog } from './ConfirmDialog';
import { EmailAddress } from './EmailAddress';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { paths } from '../../../lib/paths';

/**
 * Users: the total and the list; a name opens that user's orders, for a member whose role may read orders, and a
 * customer can be signed out on every device (a phone lost or stolen) by one whose role may.
 */
export function UsersPage() {
  const { t } = useTranslation();
  // A custom role may see customers but not orders: the API would refuse that user's orders (403).
  const { can } = usePermissions();
  const [signOutCustomer, { isLoading: signOutBusy }] = useSignOutCustomerMutation();
  const {
    asked: signingOut,
    ask: setSigningOut,
    confirm: signOut,
  } = useConfirmed(
    (customer: User) => signOutCustomer(customer._id).unwrap(),
    (customer) => t('admin.users.signedOut', { name: customer.name }),
  );
  const query = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data } = query;
  const [filter, setFilter] = useState('');
  // The list is filtered here: every user is already loaded, and typing stays smooth on a long list.
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const users = data?.users.filter(
    // Accounts made by phone have no e-mail: their phone is searched as well.
    (user) => !needle || [user.name, user.email ?? '', user.phone].some((text) => text.toLowerCase().includes(needle)),
  );

  return (
    <>
      <PageHeader
        title={t('admin.users.title')}
        subtitle={data ? t('admin.users.total', { count: data.count }) : undefined}
      />
      <Form role="search" className="dash-search mb-3" onSubmit={(event) => event.preventDefault()}>
        <Form.Label htmlFor="user-filter" className="visually-hidden">
          {t('admin.users.filter')}
        </Form.Label>
        <div className="position-relative">
          <SearchIcon size={18} className="dash-search-icon" />
          <Form.Control
            id="user-filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('admin.users.filter')}
          />
        </div>
      </Form>
      {/* The users the filter matches, as the list to show: none matching reads as "no users". */}
      <QueryState query={{ ...query, data: users }} lines={6} empty={{ title: t('admin.users.none') }}>
        {(users) => (
          <div className="dash-card p-0">
            <ScrollTable
              caption={t('admin.users.title')}
              className="table dash-table dash-table-cards users-table align-middle mb-0"
            >
              <thead>
                <tr>
                  <th scope="col">{t('admin.users.name')}</th>
                  <th scope="col">{t('admin.users.email')}</th>
                  <th scope="col">{t('admin.users.phone')}</th>
                  <th scope="col">{t('admin.users.role')}</th>
                  {can('customers.sign_out') && (
                    <th scope="col" className="text-end">
                      {t('admin.common.actions')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user._id}>
                    <td className="dash-cell-name cell-name">
                      {can('orders.read') ? (
                        <Link to={paths.userOrders(user._id)} className="fw-semibold tap-inline" dir="auto">
                          {user.name}
                        </Link>
                      ) : (
                        <span className="fw-semibold" dir="auto">
                          {user.name}
                        </span>
                      )}
                    </td>
                    <td className="cell-email">
                      <bdi>{user.email && <EmailAddress address={user.email} />}</bdi>
                    </td>
                    <td className="cell-phone">
                      {/* The number stays whole; the badge wraps below it where the table is tight. */}
                      <bdi className="text-nowrap">{user.phone}</bdi>
                      {/* Proven by a code: a phone sign-in (or an order taken for this caller) reaches this account. */}
                      {user.verifiedPhone && (
                        <Badge bg="success" className="ms-2">
                          {t('account.phone.confirmed')}
                        </Badge>
                      )}
                    </td>
                    <td className="cell-role">
                      {user.role ? (
                        <Badge bg="primary">{t('admin.users.admin')}</Badge>
                      ) : (
                        <Badge bg="light" text="dark" className="border">
                          {t('admin.users.user')}
                        </Badge>
                      )}
                    </td>
                    {can('customers.sign_out') && (
                      <td className="text-end cell-actions">
                        {/* A staff account is suspended on the staff screen, not signed out here (the API says 404). */}
                        {!user.role && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            aria-label={t('admin.users.signOutOf', { name: user.name })}
                            onClick={() => setSigningOut(user)}
                          >
                            {t('admin.users.signOut')}
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        show={signingOut !== null}
        title={t('admin.users.signOutTitle', { name: signingOut?.name ?? '' })}
        confirmLabel={t('admin.users.signOut')}
        dismissLabel={t('admin.users.keepSignedIn')}
        busy={signOutBusy}
        onConfirm={signOut}
        onCancel={() => setSigningOut(null)}
      >
        {t('admin.users.signOutText', { name: signingOut?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
