import { useEffect } from 'react';
import { loadTexts } from '../../i18n';
import { useGetAdminOrderQuery } from './api/adminApi';

/**
 * An order as the dashboard shows and prints it: asked afresh when opened (another member may have moved it since,
 * or since the list that chose it), and its language's texts fetched once it is in, before anyone prints its packing
 * slip, which is written in the order's language rather than the page's.
 */
export function useOrderToPrint(id: string) {
  const query = useGetAdminOrderQuery(id, { refetchOnMountOrArgChange: true });
  const language = query.data?.language;
  useEffect(() => {
    if (language) void loadTexts(language);
  }, [language]);
  return query;
}
