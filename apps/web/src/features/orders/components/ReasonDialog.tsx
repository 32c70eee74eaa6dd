import { useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from '../../../i18n/useTranslation';

/** As long as the server accepts (contracts' orderCancelSchema and returnRequestSchema). */
const REASON_MAX = 500;

interface ReasonDialogProps {
  show: boolean;
  /** Prefixes the ids of the title and the field, so two dialogs on one page never share one. */
  id: string;
  title: string;
  /** What happens if the shopper goes on, above the field. */
  children: ReactNode;
  label: string;
  hint: string;
  /** The message shown when a required reason is left empty; unset when the reason is optional. */
  requiredMessage?: string;
  submitLabel: string;
  dismissLabel: string;
  busy: boolean;
  variant: 'danger' | 'primary';
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/**
 * A question about an order with a reason to give: cancelling (optional) or returning (required). The field
 * takes the focus as the dialog opens; Escape or the dismiss button leave without sending anything.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { show, id, title, children, label, hint, requiredMessage, submitLabel, dismissLabel, busy, variant } = props;
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = `${id}-reason`;

  const submit = () => {
    if (requiredMessage && !reason.trim()) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    props.onSubmit(reason.trim());
  };

  return (
    <Modal
      show={show}
      onHide={props.onClose}
      onEntered={() => field.current?.focus()}
      onExited={() => {
        setReason('');
        setMissing(false);
      }}
      centered
      aria-labelledby={`${id}-title`}
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {children}
          <Form.Group controlId={fieldId}>
            <Form.Label className="fw-semibold">{label}</Form.Label>
            <Form.Control
              ref={field}
              as="textarea"
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              required={Boolean(requiredMessage)}
              isInvalid={missing}
              aria-invalid={missing}
              aria-describedby={`${fieldId}-hint${missing ? ` ${fieldId}-error` : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
            <Form.Control.Feedback type="invalid" id={`${fieldId}-error`}>
              {requiredMessage}
            </Form.Control.Feedback>
            <Form.Text id={`${fieldId}-hint`} muted>
              {hint}
            </Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={props.onClose}>
            {dismissLabel}
          </Button>
          <Button type="submit" variant={variant} disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
