import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { codSettingsSchema, CONFIRMATION_TIMEOUTS, type CodSettings } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCodSettingsQuery, useSaveCodSettingsMutation } from '../api/confirmationsApi';
import { notifyOutcome } from '../notifyOutcome';
import { Switch } from '../../../components/Switch';

/** Cash on delivery: whether cash orders are confirmed with the shopper first, how long they have, and then what. */
export function CodSettingsCard() {
  const { t } = useTranslation();
  const { data } = useGetCodSettingsQuery();
  return (
    <section className="dash-card mt-4" aria-labelledby="cod-title">
      <h2 id="cod-title" className="h5">
        {t('admin.cod.title')}
      </h2>
      <p className="text-body-secondary small">{t('admin.cod.hint')}</p>
      {data && <ConfirmationForm settings={data} />}
    </section>
  );
}

function ConfirmationForm({ settings }: { settings: CodSettings }) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSaveCodSettingsMutation();
  const [enabled, setEnabled] = useState(settings.confirmation.enabled);
  const [hours, setHours] = useState(String(settings.confirmation.windowHours));
  const [onTimeout, setOnTimeout] = useState(settings.confirmation.onTimeout);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The other cash rules are kept as saved: only the confirmation is edited here.
    const body = codSettingsSchema.safeParse({
      ...settings,
      confirmation: { enabled, windowHours: Number(hours), onTimeout },
    });
    setInvalid(!body.success);
    if (body.success) void notifyOutcome(save(body.data).unwrap(), t('admin.cod.saved'));
  };

  return (
    <Form noValidate onSubmit={submit}>
      <Switch
        id="cod-confirm"
        label={t('admin.cod.enabled')}
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <Row className="g-3 align-items-end mt-1">
        <Col sm={4}>
          <Form.Group controlId="cod-window">
            <Form.Label>{t('admin.cod.windowHours')}</Form.Label>
            <Form.Control
              inputMode="numeric"
              value={hours}
              disabled={!enabled}
              isInvalid={invalid}
              onChange={(e) => setHours(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={5}>
          <Form.Group controlId="cod-timeout">
            <Form.Label>{t('admin.cod.onTimeout')}</Form.Label>
            <Form.Select
              value={onTimeout}
              disabled={!enabled}
              onChange={(e) => setOnTimeout(e.target.value as CodSettings['confirmation']['onTimeout'])}
            >
              {CONFIRMATION_TIMEOUTS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`admin.cod.timeout.${choice}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {t('admin.cod.save')}
          </Button>
        </Col>
      </Row>
      {invalid && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t('admin.cod.invalid')}
        </p>
      )}
    </Form>
  );
}
