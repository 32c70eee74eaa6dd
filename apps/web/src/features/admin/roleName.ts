import { isBuiltInRole } from '@shop/contracts';
import { useTranslation } from '../../i18n/useTranslation';

/** A role as people read it: a built-in role in their language, a custom one as the owner named it. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: { key: string; name: string }) =>
    isBuiltInRole(role.key) ? t(`admin.staff.roles.${role.key}`) : role.name;
}
