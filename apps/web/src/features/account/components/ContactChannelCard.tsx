import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { CONTACT_CHANNELS, type ContactChannel } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { useUpdateUserMutation } from '../api/accountApi';
import { Switch } from '../../../components/Switch';

/**
 * How the shop reaches the shopper about orders; a choice is saved at once (the server refuses one with no address).
 * Below it, the shopper's consent to cart reminders by that channel: off until they tick it, as reminders are marketing.
 */
export function ContactChannelCard({ current, cartReminders }: { current: ContactChannel; cartReminders: boolean }) {
  const { t } = useTranslation();
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  return (
    <Card className="mb-4">
      <Card.Body>
        <fieldset disabled={isLoading}>
          <legend className="h6">{t('account.contact.heading')}</legend>
          {error && (
            <Alert variant="danger" role="alert">
              {errorMessage(error) ?? t('common.sendFailed')}
            </Alert>
          )}
          {CONTACT_CHANNELS.map((channel) => (
            <Form.Check
              key={channel}
              type="radio"
              className="choice-row"
              name="contact-channel"
              id={`contact-channel-${channel}`}
              label={t(`account.contact.${channel}`)}
              checked={current === channel}
              onChange={() => void updateUser({ contactChannel: channel }).catch(() => {})}
            />
          ))}
          <Switch
            className="choice-row mt-3"
            id="cart-reminders"
            label={t('account.contact.cartReminders')}
            checked={cartReminders}
            onChange={(event) => void updateUser({ cartReminders: event.target.checked }).catch(() => {})}
          />
        </fieldset>
      </Card.Body>
    </Card>
  );
}
