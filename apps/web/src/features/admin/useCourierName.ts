import { useGetCourierSettingQuery } from './api/adminApi';

/**
 * The courier the shop books its parcels with, named as a brand ('Bosta'), or null when parcels go by hand (and while
 * the setting loads). Couriers are configured by their lower-case COURIER name.
 */
export function useCourierName(): string | null {
  const { data } = useGetCourierSettingQuery();
  return data?.courier ? data.courier.charAt(0).toUpperCase() + data.courier.slice(1) : null;
}
