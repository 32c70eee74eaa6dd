import type { DeviceSession } from '@shop/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage } from '../../../api/errors';
import { LogoutIcon } from '../../../components/icons';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { signedOut } from '../../auth';
import { useSessionsQuery, useSignOutDeviceMutation, useSignOutEverywhereMutation } from '../api/accountApi';

/**
 * The devices the account is signed in on, each but this one with its own sign-out, for a device the shopper does not
 * know or no longer has; and the sign-out on every device, this one's too, for a phone lost or a computer shared. An
 * account made by phone has no password whose change would do it. Signed out everywhere, the page's guard takes the
 * shopper to sign in again.
 */
export function DevicesCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [signOutEverywhere, { isLoading, error }] = useSignOutEverywhereMutation();

  const press = async () => {
    try {
      await signOutEverywhere().unwrap();
      notify.success(t('account.sessions.done'));
      dispatch(signedOut({ endedOnServer: true }));
    } catch {
      // Shown below the button.
    }
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h6 mb-2">{t('account.sessions.heading')}</h2>
        <DeviceList />
        <p className="small text-body-secondary">{t('account.sessions.text')}</p>
        {error && (
          <Alert variant="danger" role="alert">
            {errorMessage(error) ?? t('common.sendFailed')}
          </Alert>
        )}
        <Button variant="outline-secondary" onClick={() => void press()} disabled={isLoading}>
          {isLoading ? (
            <Spinner size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <LogoutIcon size={16} className="me-1" />
          )}
          {t('account.sessions.button')}
        </Button>
      </Card.Body>
    </Card>
  );
}

function DeviceList() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const { data: devices, isLoading, isError } = useSessionsQuery();
  const [signOutDevice, { isLoading: signingOut, originalArgs: leaving, error }] = useSignOutDeviceMutation();

  const nameOf = ({ browser, system }: DeviceSession) => {
    const named = browser ?? t('account.sessions.unknownBrowser');
    return system ? t('account.sessions.named', { browser: named, system }) : named;
  };

  const signOut = async (device: DeviceSession) => {
    try {
      await signOutDevice(device.id).unwrap();
      notify.success(t('account.sessions.signedOut', { device: nameOf(device) }));
    } catch {
      // Shown above the list, which is read again.
    }
  };

  if (isLoading)
    return (
      <div className="py-2" role="status" aria-label={t('common.loading')}>
        <Spinner size="sm" aria-hidden="true" />
      </div>
    );
  if (isError || !devices)
    return (
      <Alert variant="warning" className="small py-2">
        {t('account.sessions.loadFailed')}
      </Alert>
    );
  return (
    <>
      {error && (
        <Alert variant="danger" role="alert" className="small py-2">
          {errorMessage(error) ?? t('common.sendFailed')}
        </Alert>
      )}
      <ul className="list-unstyled mb-3" aria-label={t('account.sessions.heading')}>
        {devices.map((device) => {
          const name = nameOf(device);
          const date = formatDateTime(device.signedInAt, locale);
          return (
            <li key={device.id} className="d-flex align-items-center justify-content-between gap-3 py-2 border-bottom">
              <div className="min-w-0">
                <div className="fw-semibold text-break">{name}</div>
                {/* The date and time in one piece: Arabic's "ص" or "م" alone on a line reads as a stray letter. */}
                <div className="small text-body-secondary">
                  {t('account.sessions.signedIn')} <span className="text-nowrap">{date}</span>
                </div>
              </div>
              {device.current ? (
                <span className="badge text-bg-success text-nowrap">{t('account.sessions.thisDevice')}</span>
              ) : (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  className="text-nowrap"
                  aria-label={t('account.sessions.signOutLabel', { device: name, date })}
                  disabled={signingOut && leaving === device.id}
                  onClick={() => void signOut(device)}
                >
                  {t('account.sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {/* A token issued before the list was kept has no row: for its ten days, the list says so. */}
      {!devices.some((device) => device.current) && (
        <p className="small text-body-secondary">{t('account.sessions.unlisted')}</p>
      )}
    </>
  );
}
