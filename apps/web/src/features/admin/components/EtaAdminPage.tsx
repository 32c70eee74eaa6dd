import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ETA_RECEIPT_STATES,
  etaSettingsSchema,
  type EtaReceiptState,
  type EtaSettings,
  type EtaSettingsAnswer,
} from '@shop/contracts';
import { Price } from '../../../components/Price';
import { conjunction, intlLocale } from '../../../i18n';
import { Filled } from '../../../i18n/Filled';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';
import {
  useGetEtaReceiptsQuery,
  useGetEtaSettingsQuery,
  useResendEtaReceiptMutation,
  useSaveEtaSettingsMutation,
} from '../api/etaApi';
import { notifyOutcome } from '../notifyOutcome';
import { Field } from './Field';
import { OrderNumber } from './OrderNumber';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

const STATE_VARIANT: Record<EtaReceiptState, string> = {
  queued: 'secondary',
  submitted: 'info',
  valid: 'success',
  invalid: 'danger',
  replaced: 'light',
};

/** E-receipts: the seller as the Tax Authority knows it, and every receipt sent with its state. */
export function EtaAdminPage() {
  const { t } = useTranslation();
  const settings = useGetEtaSettingsQuery();
  return (
    <>
      <PageHeader title={t('admin.eta.title')} subtitle={t('admin.eta.subtitle')} />
      <QueryState query={settings}>
        {(answer) => (
          <>
            <PosStatus answer={answer} />
            <SellerForm saved={answer.settings} />
            <Receipts />
          </>
        )}
      </QueryState>
    </>
  );
}

/** The server's settings that make the POS, all four needed (apps/api receipts/config.ts). */
const POS_VARIABLES = ['ETA_CLIENT_ID', 'ETA_CLIENT_SECRET', 'ETA_POS_SERIAL', 'ETA_POS_OS_VERSION'];

/**
 * Each variable name and the POS's serial is an element of its own inside the sentence, left to right and isolated: in
 * an Arabic sentence their underscores, dashes and the commas between them otherwise traded places with the words.
 */
function PosStatus({ answer }: { answer: EtaSettingsAnswer }) {
  const { t, i18n } = useTranslation();
  if (!answer.credentials) {
    const variables = conjunction(i18n.language)
      .formatToParts(POS_VARIABLES)
      .map((part, index) =>
        part.type === 'element' ? (
          <code key={index} dir="ltr">
            {part.value}
          </code>
        ) : (
          part.value
        ),
      );
    return (
      <Alert variant="warning">
        <Filled text={t('admin.eta.noCredentials')} values={{ variables }} />
      </Alert>
    );
  }
  const serial = <bdi dir="ltr">{answer.posSerial}</bdi>;
  return answer.settings ? (
    <Alert variant="success">
      <Filled text={t('admin.eta.active')} values={{ serial }} />
    </Alert>
  ) : (
    <Alert variant="info">
      <Filled text={t('admin.eta.noSeller')} values={{ serial }} />
    </Alert>
  );
}

const EMPTY: EtaSettings = {
  rin: '',
  companyTradeName: '',
  branchCode: '0',
  branchAddress: { country: 'EG', governate: '', regionCity: '', street: '', buildingNumber: '' },
  activityCode: '',
  deliveryItemCode: '',
};

type TextField = 'rin' | 'companyTradeName' | 'branchCode' | 'activityCode' | 'deliveryItemCode' | 'deliveryMode';
const SELLER_FIELDS: TextField[] = [
  'rin',
  'companyTradeName',
  'branchCode',
  'activityCode',
  'deliveryItemCode',
  'deliveryMode',
];
type AddressField = 'governate' | 'regionCity' | 'street' | 'buildingNumber' | 'postalCode';
const ADDRESS_FIELDS: AddressField[] = ['governate', 'regionCity', 'street', 'buildingNumber', 'postalCode'];

function SellerForm({ saved }: { saved: EtaSettings | null }) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSaveEtaSettingsMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof etaSettingsSchema>, unknown, EtaSettings>({
    resolver: zodResolver(etaSettingsSchema),
    defaultValues: saved ?? EMPTY,
    mode: 'all',
  });
  const submit = handleSubmit(async (values) => {
    await notifyOutcome(save(values).unwrap(), t('admin.eta.saved'));
  });
  return (
    <Form noValidate className="dash-card mb-3" onSubmit={(event) => void submit(event)}>
      <h2 className="dash-card-title">{t('admin.eta.seller')}</h2>
      <Row className="g-2">
        {SELLER_FIELDS.map((name) => (
          <Col md={6} key={name}>
            <Field id={`eta-${name}`} label={t(`admin.eta.fields.${name}`)} error={errors[name]?.message}>
              {(a11y) => <Form.Control {...a11y} {...register(name)} dir="ltr" />}
            </Field>
          </Col>
        ))}
      </Row>
      <h3 className="h6 mt-2">{t('admin.eta.branchAddress')}</h3>
      <Row className="g-2">
        {ADDRESS_FIELDS.map((name) => (
          <Col md={6} key={name}>
            <Field
              id={`eta-address-${name}`}
              label={t(`admin.eta.fields.${name}`)}
              error={errors.branchAddress?.[name]?.message}
            >
              {(a11y) => <Form.Control {...a11y} {...register(`branchAddress.${name}`)} />}
            </Field>
          </Col>
        ))}
      </Row>
      <Button type="submit" disabled={isLoading}>
        {t('admin.eta.save')}
      </Button>
    </Form>
  );
}

function Receipts() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<EtaReceiptState | ''>('');
  const [page, setPage] = useState(1);
  const query = useGetEtaReceiptsQuery({ page, ...(state ? { state } : {}) });
  const { data } = query;
  const [resend, { isLoading: resending }] = useResendEtaReceiptMutation();
  const locale = intlLocale(i18n.language);
  return (
    <section className="dash-card p-0" aria-labelledby="eta-receipts-title">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 px-3 pt-3">
        <h2 id="eta-receipts-title" className="dash-card-title mb-0">
          {t('admin.eta.receipts')}
        </h2>
        <Form.Group controlId="eta-state-filter">
          <Form.Label className="small">{t('admin.eta.state')}</Form.Label>
          <Form.Select
            size="sm"
            value={state}
            onChange={(event) => {
              setState(event.target.value as EtaReceiptState | '');
              setPage(1);
            }}
          >
            <option value="">{t('admin.eta.allStates')}</option>
            {ETA_RECEIPT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.eta.states.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <QueryState
        query={query}
        within="card"
        lines={3}
        empty={{ title: t('admin.eta.none'), when: (answer) => !answer.receipts.length }}
      >
        {(answer) => (
          <ScrollTable caption={t('admin.eta.receipts')} className="table dash-table align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('admin.eta.number')}</th>
                <th scope="col">{t('admin.eta.order')}</th>
                <th scope="col">{t('admin.eta.kind')}</th>
                <th scope="col">{t('admin.eta.issued')}</th>
                <th scope="col">{t('admin.eta.total')}</th>
                <th scope="col">{t('admin.eta.state')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody aria-busy={query.isFetching}>
              {answer.receipts.map((receipt) => (
                <tr key={receipt.id}>
                  <td dir="ltr">{receipt.receiptNumber}</td>
                  <td>
                    <OrderNumber id={receipt.orderId} />
                  </td>
                  <td>{t(`admin.eta.kinds.${receipt.kind}`)}</td>
                  <td>
                    <time dateTime={receipt.issuedAt}>{formatDate(receipt.issuedAt, locale)}</time>
                  </td>
                  <td>
                    <Price value={receipt.total} />
                  </td>
                  <td>
                    <Badge bg={STATE_VARIANT[receipt.state]} text={receipt.state === 'replaced' ? 'dark' : undefined}>
                      {t(`admin.eta.states.${receipt.state}`)}
                    </Badge>
                    {receipt.errors.length > 0 && (
                      <ul className="small text-danger mb-0 mt-1 ps-3" dir="ltr">
                        {receipt.errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {receipt.state === 'invalid' && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={resending}
                        onClick={() => void notifyOutcome(resend(receipt.id).unwrap(), t('admin.eta.resent'))}
                      >
                        {t('admin.eta.resend')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      {data && data.pages > 1 && (
        <div className="d-flex gap-2 justify-content-end p-3">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.eta.previous')}
          </Button>
          <Button size="sm" variant="outline-secondary" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
            {t('admin.eta.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
