import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import {
  MAX_IMPORT_BYTES,
  PRODUCT_CSV_COLUMNS,
  VARIANT_CSV_COLUMNS,
  type ProductImport,
  type ProductImportCounts,
} from '@shop/contracts';
import { api } from '../../../api/apiSlice';
import { failureText } from '../../../api/errors';
import { useAppDispatch } from '../../../app/hooks';
import { Pagination } from '../../../components/Pagination';
import { Refreshing } from '../../../components/Refreshing';
import { conjunction } from '../../../i18n';
import { Filled } from '../../../i18n/Filled';
import { useTranslation } from '../../../i18n/useTranslation';
import {
  importApi,
  importedTags,
  useApplyImportMutation,
  useCheckImportMutation,
  useGetImportQuery,
  useGetImportRejectionsQuery,
} from '../api/importApi';
import { FilePicker } from './FilePicker';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

/** How often a running import is asked how far it got. */
const POLL_MS = 1000;

const isRunning = (job: ProductImport) => job.status === 'queued' || job.status === 'running';

/**
 * Dashboard → Products → Import CSV: choose a file, read its dry run (what it would add, update and
 * reject, each rejected row with its line and reasons), apply it, and follow the job to its end. The job
 * runs on the server: closing the dialog leaves it running.
 */
export function ProductImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const { data: polled } = useGetImportQuery(jobId ?? '', {
    skip: !jobId,
    pollingInterval: polling ? POLL_MS : 0,
  });
  const [checkImport, checking] = useCheckImportMutation();
  const [applyImport, applying] = useApplyImportMutation();
  const job = polled ?? applying.data ?? checking.data;
  const running = Boolean(job && isRunning(job));
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!job || isRunning(job) || !polling) return;
    setPolling(false);
    // The import has ended: lists of products, categories and departments are read again, once.
    if (job.status === 'done') dispatch(api.util.invalidateTags(importedTags));
  }, [job, polling, dispatch]);

  const check = async (form: FormData) => {
    const checked = await checkImport(form)
      .unwrap()
      .catch(() => null);
    if (checked) setJobId(checked._id);
  };
  const apply = async () => {
    if (!job) return;
    const queued = await applyImport(job._id)
      .unwrap()
      .catch(() => null);
    if (!queued) return;
    // The answer is the import's news until the first poll brings fresher.
    void dispatch(importApi.util.upsertQueryData('getImport', queued._id, queued));
    setPolling(true);
  };
  const restart = () => {
    setJobId(null);
    checking.reset();
    applying.reset();
  };

  return (
    <Modal
      show
      onHide={onClose}
      backdrop="static"
      size="lg"
      centered
      scrollable
      aria-labelledby="import-title"
      className="dash-modal"
    >
      <Modal.Header closeButton closeLabel={t('admin.common.close')}>
        <Modal.Title id="import-title" as="h2" className="h5">
          {t('admin.import.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!job ? (
          <FileForm
            busy={checking.isLoading}
            error={failureText(checking.error, t('common.sendFailed'))}
            onCheck={(form) => void check(form)}
          />
        ) : job.status === 'checked' ? (
          <DryRun job={job} error={failureText(applying.error, t('common.sendFailed'))} />
        ) : (
          <Progress job={job} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('admin.common.close')}
        </Button>
        {!job && (
          <Button type="submit" form="import-form" variant="primary" disabled={checking.isLoading}>
            {checking.isLoading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('admin.import.check')}
          </Button>
        )}
        {job?.status === 'checked' && (
          <>
            <Button variant="outline-primary" onClick={restart}>
              {t('admin.import.another')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void apply()}
              disabled={applying.isLoading || job.check.add + job.check.update === 0}
            >
              {applying.isLoading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {t('admin.import.apply')}
            </Button>
          </>
        )}
        {job && !running && job.status !== 'checked' && (
          <Button variant="outline-primary" onClick={restart}>
            {t('admin.import.another')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

function FileForm({
  busy,
  error,
  onCheck,
}: {
  busy: boolean;
  error: string | null;
  onCheck: (form: FormData) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!file);
    if (!file) return;
    const form = new FormData();
    form.append('createMissing', String(createMissing));
    form.append('file', file, file.name);
    onCheck(form);
  };
  return (
    <Form id="import-form" onSubmit={submit} aria-busy={busy} noValidate>
      <p className="mb-1">{t('admin.import.intro')}</p>
      <p>
        {t('admin.import.columns')} <code dir="ltr">{PRODUCT_CSV_COLUMNS.join(', ')}</code>
      </p>
      <p>
        {t('admin.import.variantColumns')} <code dir="ltr">{VARIANT_CSV_COLUMNS.join(', ')}</code>
      </p>
      <p>
        {/* Column names as the lists above show them: isolated, an Arabic sentence's brackets stay around them. */}
        <Filled
          text={t('admin.import.stockHint')}
          values={{
            stock: <code dir="ltr">stock</code>,
            exported: <code dir="ltr">stockAtExport</code>,
            variantStock: <code dir="ltr">variantStock</code>,
            variantExported: <code dir="ltr">variantStockAtExport</code>,
          }}
        />
      </p>
      <Form.Group className="mb-3" controlId="import-file">
        <Form.Label>{t('admin.import.file', { mb: MAX_IMPORT_BYTES / 1024 / 1024 })}</Form.Label>
        <FilePicker
          id="import-file"
          accept=".csv,text/csv"
          isInvalid={missing}
          aria-describedby={missing ? 'import-file-error' : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setMissing(false);
          }}
        />
        <Form.Control.Feedback type="invalid" id="import-file-error">
          {t('admin.import.noFile')}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        type="checkbox"
        id="import-create-missing"
        checked={createMissing}
        onChange={(event) => setCreateMissing(event.target.checked)}
        label={t('admin.import.createMissing')}
      />
      {busy && (
        <p role="status" className="mt-3 mb-0 text-body-secondary">
          {t('admin.import.checking')}
        </p>
      )}
      {error && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {error}
        </Alert>
      )}
    </Form>
  );
}

/** The counts of a dry run or of an applied import, as a list of labelled numbers. */
function Counts({ counts, applied }: { counts: ProductImportCounts; applied: boolean }) {
  const { t, i18n } = useTranslation();
  const items = [
    [applied ? t('admin.import.added') : t('admin.import.add'), counts.add],
    [applied ? t('admin.import.updated') : t('admin.import.update'), counts.update],
    [t('admin.import.unchanged'), counts.unchanged],
    [t('admin.import.reject'), counts.reject],
  ] as const;
  return (
    <dl className="import-counts">
      {items.map(([label, value]) => (
        <div key={label} className="import-count">
          <dt>{label}</dt>
          <dd>{value.toLocaleString(i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

function DryRun({ job, error }: { job: ProductImport; error: string | null }) {
  const { t, i18n } = useTranslation();
  const { check } = job;
  const list = conjunction(i18n.language);
  return (
    <>
      <h3 className="h6">{t('admin.import.summary')}</h3>
      <Counts counts={check} applied={false} />
      {check.newDepartments.length > 0 && (
        <p className="mb-1">
          <bdi>{t('admin.import.newDepartments', { names: list.format(check.newDepartments) })}</bdi>
        </p>
      )}
      {check.newCategories.length > 0 && (
        <p>
          <bdi>
            {t('admin.import.newCategories', {
              names: list.format(check.newCategories.map((c) => `${c.department} / ${c.name}`)),
            })}
          </bdi>
        </p>
      )}
      {check.add + check.update === 0 && <Alert variant="info">{t('admin.import.nothingToApply')}</Alert>}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {check.reject > 0 && <Rejections id={job._id} />}
    </>
  );
}

/** The rejected rows, a page at a time: a file may have thousands. */
function Rejections({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useGetImportRejectionsQuery({ id, page });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mt-3">
        {t('admin.import.rejectedRows')}
      </h3>
      <QueryState query={query} within="dialog" lines={3}>
        {(data) => (
          <Refreshing busy={query.isFetching}>
            <ScrollTable caption={t('admin.import.rejectedRows')} className="table table-sm align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('admin.import.line')}</th>
                  <th scope="col">{t('admin.import.column')}</th>
                  <th scope="col">{t('admin.import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rejections.flatMap((rejection) =>
                  rejection.problems.map((problem, i) => (
                    <tr key={`${rejection.line}-${i}`}>
                      {i === 0 && (
                        <th scope="row" rowSpan={rejection.problems.length}>
                          {rejection.line}
                        </th>
                      )}
                      <td>{problem.column ? <code dir="ltr">{problem.column}</code> : t('admin.import.wholeRow')}</td>
                      <td>{problem.reason}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </ScrollTable>
            <Pagination page={page} pages={data.pages} onPageChange={setPage} />
          </Refreshing>
        )}
      </QueryState>
    </section>
  );
}

function Progress({ job }: { job: ProductImport }) {
  const { t, i18n } = useTranslation();
  const running = isRunning(job);
  const text = t('admin.import.progressText', {
    done: job.doneRows.toLocaleString(i18n.language),
    total: job.totalRows.toLocaleString(i18n.language),
  });
  return (
    <>
      <p role="status" className="mb-2">
        {running
          ? t('admin.import.applying')
          : job.status === 'done'
            ? t('admin.import.done')
            : t('admin.import.failed')}
      </p>
      <ProgressBar className="mb-2">
        <ProgressBar
          now={job.doneRows}
          max={Math.max(1, job.totalRows)}
          variant={job.status === 'failed' ? 'danger' : job.status === 'done' ? 'success' : undefined}
          animated={running}
          aria-label={t('admin.import.progress')}
          aria-valuetext={text}
        />
      </ProgressBar>
      <p className="text-body-secondary small">{text}</p>
      {running && <p>{t('admin.import.background')}</p>}
      {job.error && (
        <Alert variant="danger" role="alert">
          {job.error}
        </Alert>
      )}
      {job.result && !running && <Counts counts={job.result} applied />}
    </>
  );
}
