import type { AdminOrdersFilter } from '@shop/contracts';
import { i18n } from '../../i18n';

const FALLBACK_NAME = 'orders.csv';

/** The file name the server gave in Content-Disposition. */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_NAME;

/**
 * Downloads the filtered orders as CSV. A plain link cannot carry the session's token header, so the
 * file is fetched with it and handed to the browser as a Blob; throws the server's message on refusal.
 */
export async function downloadOrdersCsv(filter: AdminOrdersFilter, token: string): Promise<void> {
  const params = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const response = await fetch(`/api/admin/orders/export?${params}`, {
    headers: { 'x-access-token': token, 'accept-language': i18n.language },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : i18n.t('admin.common.failed'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
