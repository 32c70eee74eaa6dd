import { useState, type ComponentType } from 'react';
import { STAFF_ALERT_PERMISSIONS, type Permission } from '@shop/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import {
  BellIcon,
  BoxIcon,
  CartIcon,
  BuildingIcon,
  ChatIcon,
  DashboardIcon,
  MenuIcon,
  PhoneIcon,
  SearchIcon,
  ShieldIcon,
  TruckIcon,
  type IconProps,
} from '../../../components/icons';
import { useSession } from '../../auth';
import { usePermissions } from '../permissions';
import { PageHeader } from './PageHeader';
import { ChartIcon, ImageIcon, LogIcon, PercentIcon, ReceiptIcon, TagIcon, TrendIcon, UsersIcon } from './adminIcons';
import '../admin.css';
import { paths, patterns } from '../../../lib/paths';

interface NavItem {
  to: string;
  label:
    | 'overview'
    | 'products'
    | 'orders'
    | 'confirmations'
    | 'cod'
    | 'sales'
    | 'carts'
    | 'users'
    | 'categories'
    | 'departments'
    | 'banners'
    | 'coupons'
    | 'reviews'
    | 'shipping'
    | 'eta'
    | 'synonyms'
    | 'shop'
    | 'logs'
    | 'staff'
    | 'alerts';
  icon: ComponentType<IconProps>;
  /**
   * What the screen's reads and writes need: without it the entry is not shown and the screen not served. A member's
   * own screen serving several desks names them all, any one of which lets the member in.
   */
  permission: Permission | readonly Permission[];
  /** Another screen that belongs to this entry (a user's orders sit under Users), and what it needs beyond it. */
  also?: { path: string; needs?: Permission };
}

const NAV: NavItem[] = [
  { to: paths.dashboard, label: 'overview', icon: DashboardIcon, permission: 'reports.read' },
  { to: paths.dashSales, label: 'sales', icon: TrendIcon, permission: 'reports.read' },
  { to: paths.dashProducts, label: 'products', icon: BoxIcon, permission: 'catalogue.write' },
  {
    to: paths.dashOrders,
    label: 'orders',
    icon: ReceiptIcon,
    // An order's page, and by the same pattern the new order's and the packing slips' (/dashboard/orders/…).
    also: { path: patterns.dashOrder },
    permission: 'orders.read',
  },
  { to: paths.dashConfirmations, label: 'confirmations', icon: PhoneIcon, permission: 'confirmations.work' },
  { to: paths.dashCod, label: 'cod', icon: ChartIcon, permission: 'reports.read' },
  {
    to: paths.dashUsers,
    label: 'users',
    icon: UsersIcon,
    also: { path: patterns.userOrders, needs: 'orders.read' },
    permission: 'customers.read',
  },
  { to: paths.dashCarts, label: 'carts', icon: CartIcon, permission: 'customers.read' },
  { to: paths.dashCategories, label: 'categories', icon: TagIcon, permission: 'catalogue.write' },
  { to: paths.dashDepartments, label: 'departments', icon: BuildingIcon, permission: 'catalogue.write' },
  { to: paths.dashBanners, label: 'banners', icon: ImageIcon, permission: 'catalogue.write' },
  { to: paths.dashCoupons, label: 'coupons', icon: PercentIcon, permission: 'coupons.write' },
  { to: paths.dashReviews, label: 'reviews', icon: ChatIcon, permission: 'reviews.manage' },
  { to: paths.dashShipping, label: 'shipping', icon: TruckIcon, permission: 'settings.write' },
  { to: paths.dashShop, label: 'shop', icon: ShieldIcon, permission: 'settings.write' },
  { to: paths.dashSynonyms, label: 'synonyms', icon: SearchIcon, permission: 'catalogue.write' },
  { to: paths.dashEta, label: 'eta', icon: ReceiptIcon, permission: 'settings.write' },
  { to: paths.dashLogs, label: 'logs', icon: LogIcon, permission: 'audit.read' },
  { to: paths.dashStaff, label: 'staff', icon: UsersIcon, permission: 'staff.manage' },
  // A member's own alerts, for every role that may take one (contracts' STAFF_ALERT_NEEDS).
  { to: paths.dashAlerts, label: 'alerts', icon: BellIcon, permission: STAFF_ALERT_PERMISSIONS },
];

const isAlso = (item: NavItem, pathname: string) =>
  Boolean(item.also && matchPath({ path: item.also.path, caseSensitive: false }, pathname));

const isCurrent = (item: NavItem, pathname: string) =>
  Boolean(matchPath({ path: item.to, end: true, caseSensitive: false }, pathname)) || isAlso(item, pathname);

/** Whether a member who `can` what their role allows may open `item`'s screen at `pathname` (its other screen too). */
const opens = (item: NavItem, pathname: string, can: (permission: Permission) => boolean): boolean => {
  const also = isAlso(item, pathname) ? item.also?.needs : undefined;
  return [item.permission].flat().some(can) && (!also || can(also));
};

/**
 * The dashboard frame: who may enter, and the side navigation. Visitors go to /login and shoppers
 * home (the API refuses them anyway); a staff member sees the entries and screens their role allows,
 * and opening the dashboard without the overview's permission leads to their first screen. On phones
 * the navigation folds into a drawer.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const { loaded, can } = usePermissions();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);

  if (!user) return <Navigate to={paths.login} replace />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;

  const nav = NAV.filter((item) => opens(item, item.to, can));
  const current = NAV.find((item) => isCurrent(item, pathname));
  const first = nav[0];
  if (loaded && current?.label === 'overview' && !opens(current, pathname, can) && first)
    return <Navigate to={first.to} replace />;
  const screen = !loaded ? (
    <div className="dash-card" role="status" aria-label={t('common.loading')} />
  ) : current && !opens(current, pathname, can) ? (
    // Named as its screen, so the tab and a screen reader say where the member is, then why it shows nothing.
    <>
      <PageHeader title={t(`admin.nav.${current.label}`)} />
      <Alert variant="warning">{t('admin.staff.notAllowed')}</Alert>
    </>
  ) : (
    <Outlet />
  );

  return (
    <div className="dash container-xl py-3 py-lg-4">
      <div className="d-flex d-lg-none align-items-center gap-2 mb-3">
        <Button
          variant="outline-primary"
          onClick={() => setNavOpen(true)}
          aria-controls="dash-nav"
          aria-expanded={navOpen}
        >
          <MenuIcon size={18} className="me-2" />
          {t('admin.nav.menu')}
        </Button>
        {current && (
          <span className="fw-semibold text-body-secondary text-truncate">{t(`admin.nav.${current.label}`)}</span>
        )}
      </div>
      <div className="d-lg-flex align-items-start gap-4">
        <Offcanvas
          responsive="lg"
          show={navOpen}
          onHide={() => setNavOpen(false)}
          placement="start"
          id="dash-nav"
          aria-labelledby="dash-nav-title"
          className="dash-sidebar"
        >
          <Offcanvas.Header closeButton closeLabel={t('admin.nav.close')}>
            <Offcanvas.Title id="dash-nav-title" as="h2" className="h5 mb-0">
              {t('admin.nav.title')}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="flex-column">
            <p className="dash-sidebar-title d-none d-lg-block" aria-hidden="true">
              {t('admin.nav.title')}
            </p>
            {/* Following a link closes the drawer on phones; on wide screens there is nothing to close. The links
                themselves take the keyboard: the nav only hears their clicks bubble up. */}
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
            <nav
              aria-label={t('admin.nav.title')}
              onClick={(event) => (event.target as HTMLElement).closest('a') && setNavOpen(false)}
            >
              <ul className="list-unstyled mb-0 d-grid gap-1">
                {nav.map((item) => {
                  const active = item === current;
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        className={`dash-nav-link${active ? ' active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                      >
                        <item.icon size={20} />
                        <span>{t(`admin.nav.${item.label}`)}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </Offcanvas.Body>
        </Offcanvas>
        <div className="flex-grow-1 min-w-0">{screen}</div>
      </div>
    </div>
  );
}
