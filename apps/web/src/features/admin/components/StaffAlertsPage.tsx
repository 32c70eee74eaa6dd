import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import {
  DAILY_SUMMARY_HOUR,
  languageOf,
  LOW_REVIEW_STARS,
  LOW_STOCK_THRESHOLD,
  type StaffAlert,
  type StaffAlerts,
} from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { Switch } from '../../../components/Switch';
import { useSession } from '../../auth';
import { useGetStaffAlertsQuery, useSaveStaffAlertsMutation } from '../api/staffApi';
import { notifyOutcome } from '../notifyOutcome';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { SaveBar } from './SaveBar';

/**
 * The signed-in member's own alerts: what they are told of as it happens, and each morning (those their role may act
 * on or read), by the channel the shop reaches them by, in the language of the page they were saved on.
 */
export function StaffAlertsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?._id ?? '';
  // Asked again on every visit: the channel is chosen on the profile page, which may have changed it.
  const query = useGetStaffAlertsQuery(userId, { skip: !userId, refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeader title={t('admin.alerts.title')} subtitle={t('admin.alerts.subtitle')} />
      <QueryState query={query} lines={4}>
        {(alerts) => <AlertsForm alerts={alerts} userId={userId} />}
      </QueryState>
    </>
  );
}

function AlertsForm({ alerts, userId }: { alerts: StaffAlerts; userId: string }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<readonly StaffAlert[]>(alerts.alerts);
  const [save, { isLoading: saving }] = useSaveStaffAlertsMutation();
  const language = languageOf(i18n.language);
  const choose = (alert: StaffAlert, on: boolean) =>
    setChosen((was) => (on ? [...was, alert] : was.filter((a) => a !== alert)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void notifyOutcome(save({ userId, alerts: [...chosen], language }).unwrap(), t('admin.toasts.alertsSaved'));
  };

  const languageName = (l: string) => t(`admin.order.languages.${languageOf(l)}`);
  return (
    <Form noValidate onSubmit={submit}>
      <fieldset className="dash-card" disabled={saving}>
        <legend className="dash-card-title">{t('admin.alerts.heading')}</legend>
        {alerts.allowed.map((alert) => (
          <AlertSwitch key={alert} alert={alert} on={chosen.includes(alert)} onChange={choose} />
        ))}
      </fieldset>

      <section className="dash-card mt-4" aria-labelledby="alerts-where-title">
        <h2 id="alerts-where-title" className="dash-card-title">
          {t('admin.alerts.where')}
        </h2>
        {alerts.to ? (
          <p>
            {t(`admin.alerts.by.${alerts.channel}`)}{' '}
            <bdi dir="ltr" className="fw-semibold">
              {alerts.to}
            </bdi>
          </p>
        ) : (
          <Alert variant="warning">{t(`admin.alerts.nowhere.${alerts.channel}`)}</Alert>
        )}
        <p>
          {alerts.language === language
            ? t('admin.alerts.language', { language: languageName(language) })
            : t('admin.alerts.languageChanges', {
                saved: languageName(alerts.language),
                current: languageName(language),
              })}
        </p>
        <Link to={paths.editProfile} className="tap-inline">
          {t('admin.alerts.change')}
        </Link>
      </section>
      <SaveBar label={t('admin.alerts.save')} saving={saving} />
    </Form>
  );
}

function AlertSwitch({
  alert,
  on,
  onChange,
}: {
  alert: StaffAlert;
  on: boolean;
  onChange: (alert: StaffAlert, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="mb-3">
      <Switch
        className="choice-row"
        id={`alert-${alert}`}
        label={t(`admin.alerts.${alert}`)}
        checked={on}
        aria-describedby={hintId}
        onChange={(event) => onChange(alert, event.target.checked)}
      />
      <div id={hintId} className="form-text mt-0">
        {t(`admin.alerts.${alert}Hint`, {
          threshold: LOW_STOCK_THRESHOLD,
          hour: DAILY_SUMMARY_HOUR,
          stars: LOW_REVIEW_STARS,
        })}
      </div>
    </div>
  );
}
