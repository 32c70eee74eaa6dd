import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { AUDIT_TYPES, type AuditLogEntry, type AuditType } from '@shop/contracts';
import { Pagination } from '../../../components/Pagination';
import { Refreshing } from '../../../components/Refreshing';
import { usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetLogsQuery } from '../api/adminApi';
import { formatDateTime } from '../format';
import { useRoleName } from '../roleName';
import { useAuditWords } from '../auditWords';
import { Contact } from './Contact';
import { EmailAddress } from './EmailAddress';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

const KIND_COLOURS: Record<AuditType, string> = {
  auth: 'secondary',
  user: 'info',
  admin: 'primary',
  order: 'success',
  payment: 'warning',
};
const isKind = (value: string | null): value is AuditType => AUDIT_TYPES.some((type) => type === value);

/** All logs: the audit trail (docs/architecture.md, 'Audit log'), filtered by kind and by user; the filters live in the URL. */
export function LogsPage() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isKind(typeParam) ? typeParam : undefined;
  const user = params.get('user') ?? '';
  const { page, setPage } = usePageParam();
  const words = useAuditWords();
  // Always fresh when opened: the log grows with every action.
  const query = useGetLogsQuery({ page, type, user: user || undefined }, { refetchOnMountOrArgChange: true });
  const { data, isFetching } = query;
  usePageBounds(page, data?.pages, setPage);

  const filter = (next: { type: string; user: string }) =>
    setParams(() => {
      const query = new URLSearchParams();
      if (next.type) query.set('type', next.type);
      if (next.user.trim()) query.set('user', next.user.trim());
      return query;
    });

  return (
    <>
      <PageHeader
        title={t('admin.logs.title')}
        subtitle={data ? t('admin.logs.total', { count: data.total }) : undefined}
      />
      {/* Keyed by the URL's filters, so back and forward show the filters of the list on screen. */}
      <LogFilters key={`${type ?? ''}|${user}`} type={type ?? ''} user={user} onFilter={filter} />
      <QueryState query={query} lines={8} empty={{ title: t('admin.logs.none'), when: (data) => !data.logs.length }}>
        {(data) => (
          <Refreshing busy={isFetching} className="dash-card p-0">
            {/* Where the card is narrow (a phone, a tablet), each entry becomes a small card of its cells. */}
            <ScrollTable
              caption={t('admin.logs.title')}
              className="table dash-table dash-table-cards logs-table align-middle mb-0"
            >
              <thead>
                <tr>
                  <th scope="col">{t('admin.logs.when')}</th>
                  <th scope="col">{t('admin.logs.kind')}</th>
                  <th scope="col">{t('admin.logs.who')}</th>
                  <th scope="col">{t('admin.logs.what')}</th>
                </tr>
              </thead>
              <tbody>
                {data.logs.map((entry) => (
                  <tr key={entry._id}>
                    <td className="cell-when small">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
                    </td>
                    <td className="cell-kind">
                      <KindBadge type={entry.type} />
                    </td>
                    <td className="cell-who small">
                      <Who entry={entry} onMember={(id) => filter({ type: type ?? '', user: id })} />
                    </td>
                    <td className="cell-what">
                      <Sentence text={words(entry)} email={entry.userEmail} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </Refreshing>
        )}
      </QueryState>
      {data && <Pagination page={page} pages={data.pages} />}
    </>
  );
}

/**
 * Who wrote an entry: a staff member by name and role (the role they held then), which filters the log to them;
 * a shopper by e-mail, or by phone for an account made by phone (Contact); the shop itself.
 */
function Who({ entry, onMember }: { entry: AuditLogEntry; onMember: (userId: string) => void }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  if (entry.userRole && entry.userId) {
    const userId = entry.userId;
    // The log keeps a role's name; a built-in role's name is its key.
    const role = roleName({ key: entry.userRole, name: entry.userRole });
    return (
      <>
        <Button
          variant="link"
          className="p-0 align-baseline small"
          onClick={() => onMember(userId)}
          aria-label={t('admin.logs.memberOnly', { name: entry.userName ?? '' })}
        >
          {entry.userName}
        </Button>{' '}
        <Badge bg="light" text="dark" className="text-wrap">
          {role}
        </Badge>
      </>
    );
  }
  if (entry.userEmail || entry.userPhone) return <Contact email={entry.userEmail} phone={entry.userPhone} />;
  return <span className="text-body-secondary">{t('admin.logs.system')}</span>;
}

/**
 * An entry's sentence; the e-mail address it names (a sign-in tried with it) reads left to right on Arabic pages too
 * and breaks before its @ or a dot, as in the Who column, rather than inside a word.
 */
function Sentence({ text, email }: { text: string; email: string | null }) {
  const at = email ? text.indexOf(email) : -1;
  if (!email || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <bdi dir="ltr">
        <EmailAddress address={email} />
      </bdi>
      {text.slice(at + email.length)}
    </>
  );
}

/** The kind in words and colour; the light colours take dark text to stay readable. */
function KindBadge({ type }: { type: AuditType }) {
  const { t } = useTranslation();
  return (
    <Badge bg={KIND_COLOURS[type]} text={type === 'payment' || type === 'user' ? 'dark' : undefined}>
      {t(`admin.logs.kinds.${type}`)}
    </Badge>
  );
}

function LogFilters({
  type,
  user,
  onFilter,
}: {
  type: string;
  user: string;
  onFilter: (filters: { type: string; user: string }) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ type, user });
  const filtered = Boolean(type || user);
  return (
    <Form
      className="dash-card mb-3"
      aria-label={t('admin.logs.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onFilter(draft);
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={4} md={3}>
          <Form.Group controlId="logs-kind">
            <Form.Label>{t('admin.logs.kind')}</Form.Label>
            <Form.Select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
              <option value="">{t('admin.logs.allKinds')}</option>
              {AUDIT_TYPES.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.logs.kinds.${kind}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={8} md={5}>
          <Form.Group controlId="logs-user">
            <Form.Label>{t('admin.logs.user')}</Form.Label>
            <Form.Control
              type="search"
              value={draft.user}
              onChange={(event) => setDraft({ ...draft, user: event.target.value })}
              placeholder={t('admin.logs.userPlaceholder')}
            />
          </Form.Group>
        </Col>
        <Col md={4} className="d-flex gap-2">
          <Button type="submit" variant="primary">
            {t('admin.logs.apply')}
          </Button>
          {filtered && (
            <Button variant="outline-secondary" onClick={() => onFilter({ type: '', user: '' })}>
              {t('admin.logs.clear')}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
