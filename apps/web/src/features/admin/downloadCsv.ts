import { i18n } from '../../i18n';

const FALLBACK_NAME = 'export.csv';

/** The file name the server gave in Content-Disposition. */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_NAME;

/**
 * Downloads a CSV export of the API (`url`, with its query). A plain link cannot carry the session's
 * token header, so the file is fetched with it and handed to the browser as a Blob; throws the server's
 * message on refusal.
 */
export async function downloadCsv(url: string, token: string): Promise<void> {
  const response = await fetch(url, { headers: { 'x-access-token': token, 'accept-language': i18n.language } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : i18n.t('common.sendFailed'));
  }
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
}
