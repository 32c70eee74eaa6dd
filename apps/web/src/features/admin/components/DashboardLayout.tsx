import { useState, type ComponentType } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import {
  BoxIcon,
  BuildingIcon,
  DashboardIcon,
  MenuIcon,
  SearchIcon,
  TruckIcon,
  type IconProps,
} from '../../../components/icons';
import { useSession } from '../../auth';
import { LogIcon, PercentIcon, ReceiptIcon, TagIcon, UsersIcon } from './adminIcons';
import '../admin.css';
import { paths, patterns } from '../../../lib/paths';

interface NavItem {
  to: string;
  label:
    | 'overview'
    | 'products'
    | 'orders'
    | 'users'
    | 'categories'
    | 'departments'
    | 'coupons'
    | 'shipping'
    | 'synonyms'
    | 'logs';
  icon: ComponentType<IconProps>;
  /** Other screens that belong to this entry (a user's orders sit under Users). */
  also?: string;
}

const NAV: NavItem[] = [
  { to: paths.dashboard, label: 'overview', icon: DashboardIcon },
  { to: paths.dashProducts, label: 'products', icon: BoxIcon },
  { to: paths.dashOrders, label: 'orders', icon: ReceiptIcon },
  { to: paths.dashUsers, label: 'users', icon: UsersIcon, also: patterns.userOrders },
  { to: paths.dashCategories, label: 'categories', icon: TagIcon },
  { to: paths.dashDepartments, label: 'departments', icon: BuildingIcon },
  { to: paths.dashCoupons, label: 'coupons', icon: PercentIcon },
  { to: paths.dashShipping, label: 'shipping', icon: TruckIcon },
  { to: paths.dashSynonyms, label: 'synonyms', icon: SearchIcon },
  { to: paths.dashLogs, label: 'logs', icon: LogIcon },
];

const isCurrent = (item: NavItem, pathname: string) =>
  Boolean(
    matchPath({ path: item.to, end: true, caseSensitive: false }, pathname) ??
    (item.also && matchPath({ path: item.also, caseSensitive: false }, pathname)),
  );

/**
 * The dashboard frame: who may enter, and the side navigation. Visitors go to /login and shoppers
 * home (the API refuses them anyway); on phones the navigation folds into a drawer.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);

  if (!user) return <Navigate to={paths.login} replace />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;

  const current = NAV.find((item) => isCurrent(item, pathname));

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
                {NAV.map((item) => {
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
        <div className="flex-grow-1 min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
