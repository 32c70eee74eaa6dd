import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '../../auth';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../i18n/useTranslation';
import { downloadCsv } from '../downloadCsv';

/** Downloads a CSV export of the API (`url`, with its query) with the session's token; a refusal is a toast. */
export function CsvExportButton({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!token) return;
    setBusy(true);
    try {
      await downloadCsv(url, token);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t('common.sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-primary" onClick={() => void download()} disabled={busy}>
      {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {label}
    </Button>
  );
}
