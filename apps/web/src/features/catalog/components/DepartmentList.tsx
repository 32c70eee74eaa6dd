import { Link } from 'react-router';
import { Localized } from '../../../components/Localized';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetDepartmentsQuery } from '../api/catalogApi';
import { paths } from '../../../lib/paths';

/** The departments as a row of chips that wraps; a row of grey bars while they load. */
export function DepartmentList() {
  const { t } = useTranslation();
  const local = useLocalized();
  const { data: departments, isLoading, isError } = useGetDepartmentsQuery();
  if (isError) return null;
  return (
    <section aria-labelledby="departments-heading" className="my-4">
      <h2 id="departments-heading" className="section-title">
        {t('home.departments')}
      </h2>
      {isLoading ? (
        <div className="department-list d-flex flex-wrap gap-2" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className="placeholder-glow">
              <span className="placeholder department-chip-placeholder rounded-pill" />
            </span>
          ))}
        </div>
      ) : (
        <ul className="department-list d-flex flex-wrap gap-2 list-unstyled mb-0">
          {departments?.map((department) => (
            <li key={department._id}>
              <Link to={paths.department(department._id)} className="department-chip">
                <Localized value={local.name(department)} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
