import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../hooks';
import { CartIcon, DashboardIcon, LogoutIcon, MenuIcon, UserIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { LanguageSwitch } from './LanguageSwitch';
import { signedOut } from '../../features/auth/sessionSlice';
import { useSession } from '../../features/auth/useSession';
import { comingBackTo } from '../../features/auth/returnPath';
import { selectCartCount } from '../../features/cart/cartSlice';
import { paths } from '../../lib/paths';
import { SearchBox } from '../../features/search/components/SearchBox';

/** The drawer (and the dialog machinery under it) loads on first use: most visits never open it. */
const loadMenuDrawer = () => import('../../features/catalog/components/MenuDrawer');
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));

/**
 * Menu, logo, search, account and cart. On phones the search box takes its own row under the
 * others, so nothing is squeezed below a usable width at 360 px.
 */
export function Header({ showSearch }: { showSearch: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const cartCount = useAppSelector(selectCartCount);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  // Signing in from here comes back to this page (the product, the search) rather than the home page.
  const signInState = comingBackTo(useLocation());

  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };

  const logout = () => {
    setMenuOpen(false);
    dispatch(signedOut());
    void navigate(paths.home);
  };

  const accountLinks = (
    <>
      <p className="menu-drawer-section">{t('nav.helpAndSettings')}</p>
      <ul className="list-unstyled mb-3">
        {user ? (
          <>
            <li>
              <Link to={isAdmin ? paths.editProfile : paths.user} className="menu-drawer-link">
                {t('nav.account')}
              </Link>
            </li>
            {!isAdmin && (
              <li>
                <Link to={paths.favourite} className="menu-drawer-link">
                  {t('nav.favourites')}
                </Link>
              </li>
            )}
            <li>
              <button type="button" className="menu-drawer-link btn btn-link text-start w-100" onClick={logout}>
                {t('nav.logout')}
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link to={paths.login} state={signInState} className="menu-drawer-link">
              {t('nav.login')}
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.about} className="menu-drawer-link">
            {t('nav.about')}
          </Link>
        </li>
        <li>
          <LanguageSwitch className="menu-drawer-link btn btn-link text-start w-100" />
        </li>
      </ul>
    </>
  );

  return (
    <header className="site-header">
      <div className="container-xl d-flex flex-wrap align-items-center gap-2 gap-md-3 py-2">
        <button
          type="button"
          className="header-icon-button btn btn-link"
          onClick={openMenu}
          // Start fetching the drawer's code as soon as the pointer or focus heads for the button.
          onPointerEnter={() => void loadMenuDrawer()}
          onFocus={() => void loadMenuDrawer()}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
        >
          <MenuIcon size={24} />
          <span className="d-none d-lg-inline ms-1">{t('nav.all')}</span>
        </button>
        <Logo className="me-auto me-md-0" />
        {showSearch && <SearchBox className="header-search order-last order-md-0 flex-grow-1" />}
        <nav
          aria-label={t('nav.account')}
          className="header-account d-flex align-items-center gap-1 gap-md-2 ms-md-auto"
        >
          {/* Phones keep one header row: there the switch lives in the menu drawer. */}
          <LanguageSwitch className="header-link btn btn-link d-none d-sm-inline-flex" />
          {user ? (
            <>
              <NavLink to={isAdmin ? paths.editProfile : paths.user} className="header-link">
                <UserIcon size={22} />
                <span className="header-user-name" dir="auto">
                  {user.name}
                </span>
              </NavLink>
              <button
                type="button"
                className="header-icon-button header-logout btn btn-link"
                onClick={logout}
                aria-label={t('nav.logout')}
                title={t('nav.logout')}
              >
                <LogoutIcon size={22} />
              </button>
            </>
          ) : (
            <NavLink to={paths.login} state={signInState} className="header-link">
              <UserIcon size={22} />
              <span className="header-login-label">{t('nav.login')}</span>
            </NavLink>
          )}
          {isAdmin ? (
            <NavLink
              to={paths.dashboard}
              className="header-link"
              aria-label={t('nav.dashboard')}
              title={t('nav.dashboard')}
            >
              <DashboardIcon size={24} />
            </NavLink>
          ) : (
            // Named by its hidden words, not an aria-label: the count and "Cart" it shows are in them (WCAG 2.5.3).
            <NavLink to={paths.cart} className="header-link header-cart">
              <span className="visually-hidden">{t('nav.cartCount', { count: cartCount })}</span>
              <span className="position-relative d-inline-flex">
                <CartIcon size={26} />
                <span className="header-cart-badge badge rounded-pill bg-accent" aria-hidden="true">
                  {cartCount}
                </span>
              </span>
              <span className="d-none d-lg-inline" aria-hidden="true">
                {t('nav.cart')}
              </span>
            </NavLink>
          )}
        </nav>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            show={menuOpen}
            onHide={() => setMenuOpen(false)}
            greeting={user ? t('nav.hello', { name: user.name }) : t('nav.helloGuest')}
            footer={accountLinks}
          />
        </Suspense>
      )}
    </header>
  );
}
