import { useEffect, useRef, type HTMLAttributes, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { say, type PhoneCodeChannel } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { RequiredField } from './RequiredField';

// The fields of a code sent to a mobile, shared by phone sign-in and the account's "confirm your mobile".

const CHANNELS = ['whatsapp', 'sms'] as const;

/**
 * Where the focus goes as the form turns: to the code once it is sent, back to the number when the shopper picks
 * another. Either way the control they pressed has gone with the form it was in.
 */
export function useCodeStepFocus(sent: boolean, setSent: (sent: boolean) => void) {
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);
  const backToNumber = () => {
    flushSync(() => setSent(false));
    phoneInput.current?.focus();
  };
  return { codeInput, phoneInput, backToNumber };
}

/** The mobile to send a code to, and by WhatsApp or SMS. */
export function PhoneAndChannel(props: {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  label: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  phone: string;
  onPhone: (phone: string) => void;
  channel: PhoneCodeChannel;
  onChannel: (channel: PhoneCodeChannel) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RequiredField
        id={`${props.id}-phone`}
        label={props.label}
        missing={say.msg.invalidPhone}
        type="tel"
        inputMode={props.inputMode}
        autoComplete="tel"
        dir="ltr"
        inputRef={props.inputRef}
        value={props.phone}
        onChange={props.onPhone}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('auth.phoneSignIn.channel')}</legend>
        {CHANNELS.map((option) => (
          <Form.Check
            key={option}
            inline
            type="radio"
            name={`${props.id}-channel`}
            id={`${props.id}-${option}`}
            label={t(`auth.phoneSignIn.${option}`)}
            checked={props.channel === option}
            onChange={() => props.onChannel(option)}
          />
        ))}
      </fieldset>
    </>
  );
}

/** Where the code went, a way back to another number, and the code's field. */
export function SentCode(props: {
  id: string;
  phone: string;
  onOtherNumber: () => void;
  code: string;
  onCode: (code: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        {t('auth.phoneSignIn.sent', { phone: props.phone })}{' '}
        <Button variant="link" className="p-0 align-baseline tap-inline" onClick={props.onOtherNumber}>
          {t('auth.phoneSignIn.otherNumber')}
        </Button>
      </p>
      <RequiredField
        id={`${props.id}-code`}
        label={t('auth.phoneSignIn.code')}
        missing={say.msg.required}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        inputRef={props.inputRef}
        value={props.code}
        onChange={props.onCode}
      />
    </>
  );
}
