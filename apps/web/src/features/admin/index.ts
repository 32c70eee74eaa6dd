export { usePermissions } from './permissions';
