import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from '../../../i18n/useTranslation';

interface FormModalProps {
  show: boolean;
  title: string;
  /** The id of the <form> inside, which the footer's Submit button submits. */
  formId: string;
  busy: boolean;
  onClose: () => void;
  size?: 'lg';
  children: ReactNode;
}

/**
 * The dashboard's dialogs: static, so a stray click on the backdrop or Escape never throws a
 * half-filled form away; only Close leaves, Submit sends. Bootstrap's own timings stay: 300 ms for the
 * dialog, 150 ms for the backdrop.
 */
export function FormModal({ show, title, formId, busy, onClose, size, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onClose}
      backdrop="static"
      keyboard={false}
      centered
      size={size}
      aria-labelledby={`${formId}-title`}
      scrollable
      // Drawn outside the dashboard's .dash: the dashboard's rules for phones (admin.css) find it by this class.
      className="dash-modal"
    >
      <Modal.Header>
        <Modal.Title id={`${formId}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('admin.common.close')}
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('admin.common.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
