import { useMemo, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router';
import type { Category } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCategoriesQuery, useGetDepartmentsQuery } from '../api/catalogApi';
import { paths } from '../../../lib/paths';

interface MenuDrawerProps {
  show: boolean;
  onHide: () => void;
  greeting: string;
  /** Account links the header adds below the departments. */
  footer?: ReactNode;
}

/**
 * The menu drawer: departments, each opening onto its categories. Native <details> gives keyboard
 * and screen-reader support for free; the Offcanvas traps focus and closes on Escape.
 */
export function MenuDrawer({ show, onHide, greeting, footer }: MenuDrawerProps) {
  const { t } = useTranslation();
  const local = useLocalized();
  // Loaded only once the drawer has been opened: most visits never open it.
  const departments = useGetDepartmentsQuery(undefined, { skip: !show });
  const categories = useGetCategoriesQuery(undefined, { skip: !show });

  const byDepartment = useMemo(() => {
    const groups = new Map<string, Category[]>();
    for (const category of categories.data ?? []) {
      const list = groups.get(category.department._id) ?? [];
      list.push(category);
      groups.set(category.department._id, list);
    }
    return groups;
  }, [categories.data]);

  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby="menu-drawer-title"
      className="menu-drawer"
    >
      <Offcanvas.Header closeButton closeLabel={t('nav.closeMenu')} className="menu-drawer-header">
        <Offcanvas.Title id="menu-drawer-title" as="h2" className="h5 mb-0">
          {greeting}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0">
        {/* Any followed link closes the drawer; the page it opens is what the shopper wanted. The links take the
            keyboard themselves: the nav only hears their clicks bubble up. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <nav
          aria-label={t('nav.departments')}
          onClick={(event) => (event.target as HTMLElement).closest('a') && onHide()}
        >
          <p className="menu-drawer-section">{t('nav.shopByDepartment')}</p>
          {departments.isLoading ? (
            <div className="px-3" role="status" aria-label={t('common.loading')}>
              {Array.from({ length: 6 }, (_, index) => (
                <Placeholder key={index} as="p" animation="glow">
                  <Placeholder xs={8} />
                </Placeholder>
              ))}
            </div>
          ) : departments.isError ? (
            <p className="px-3 text-body-secondary">{t('common.loadFailed')}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {departments.data?.map((department) => (
                <li key={department._id}>
                  <details className="menu-drawer-group">
                    <summary>
                      <Localized value={local.name(department)} />
                    </summary>
                    <ul className="list-unstyled mb-2">
                      <li>
                        <Link to={paths.department(department._id)} className="menu-drawer-link fw-semibold">
                          {t('nav.allIn', { name: local.name(department).text })}
                        </Link>
                      </li>
                      {byDepartment.get(department._id)?.map((category) => (
                        <li key={category._id}>
                          <Link to={paths.category(category._id)} className="menu-drawer-link">
                            <Localized value={local.name(category)} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          )}
          {footer}
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
