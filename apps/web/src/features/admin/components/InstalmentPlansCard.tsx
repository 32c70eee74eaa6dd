import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { instalmentPlanName, instalmentSettingsSchema, type InstalmentOffer } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetInstalmentPlansQuery, useSaveInstalmentPlanMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';

/** The instalment plans the shop takes, each with the smallest bill it is offered for, its lengths and interest. */
export function InstalmentPlansCard() {
  const { t } = useTranslation();
  const { data: plans } = useGetInstalmentPlansQuery();
  if (!plans?.length) return null;
  return (
    <section className="dash-card mt-4" aria-labelledby="instalments-title">
      <h2 id="instalments-title" className="h5">
        {t('admin.instalments.title')}
      </h2>
      <p className="text-body-secondary small">{t('admin.instalments.hint')}</p>
      {plans.map((plan) => (
        <PlanForm key={plan.method} plan={plan} />
      ))}
    </section>
  );
}

function PlanForm({ plan }: { plan: InstalmentOffer }) {
  const { t, i18n } = useTranslation();
  const [save, { isLoading }] = useSaveInstalmentPlanMutation();
  const [minBill, setMinBill] = useState(String(plan.minBill));
  const [months, setMonths] = useState(plan.months.join(', '));
  const [interest, setInterest] = useState(String(plan.interestPercent));
  const [invalid, setInvalid] = useState(false);
  const name = instalmentPlanName(plan.method, i18n.language === 'ar' ? 'ar' : 'en');
  const id = `plan-${plan.method}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = instalmentSettingsSchema.safeParse({
      minBill: Number(minBill),
      months: months
        .split(/[,\s،]+/)
        .filter(Boolean)
        .map(Number),
      interestPercent: Number(interest || 0),
    });
    setInvalid(!body.success);
    if (body.success)
      void notifyOutcome(save({ name: plan.method, body: body.data }).unwrap(), t('admin.instalments.saved', { name }));
  };

  return (
    <Form noValidate onSubmit={submit} className="border-top pt-3 mt-3" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="h6">
        {name}
      </h3>
      <Row className="g-3 align-items-end">
        <Col sm={4}>
          <Form.Group controlId={`${id}-min`}>
            <Form.Label>{t('admin.instalments.minBill')}</Form.Label>
            <Form.Control inputMode="decimal" value={minBill} onChange={(e) => setMinBill(e.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={4}>
          <Form.Group controlId={`${id}-months`}>
            <Form.Label>{t('admin.instalments.months')}</Form.Label>
            <Form.Control value={months} onChange={(e) => setMonths(e.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={2}>
          <Form.Group controlId={`${id}-interest`}>
            <Form.Label>{t('admin.instalments.interest')}</Form.Label>
            <Form.Control inputMode="decimal" value={interest} onChange={(e) => setInterest(e.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={2}>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {t('admin.instalments.save')}
          </Button>
        </Col>
      </Row>
      {invalid && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t('admin.instalments.invalid')}
        </p>
      )}
    </Form>
  );
}
