import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage } from '../../../api/errors';
import { LogoutIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { signedOut } from '../../auth';
import { useSignOutEverywhereMutation } from '../api/accountApi';

/**
 * Ends every session of the account, this device's too: for a phone lost or a computer shared. An account made by
 * phone has no password whose change would do it. Signed out, the page's guard takes the shopper to sign in again.
 */
export function SignOutEverywhereCard() {
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
        <h2 className="h6 mb-1">{t('account.sessions.heading')}</h2>
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
