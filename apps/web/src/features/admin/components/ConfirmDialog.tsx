import type { ReactNode, RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from '../../../i18n/useTranslation';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer's name; "Cancel" is ambiguous beside a confirm that itself cancels ("Yes, cancel the order"). */
  dismissLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes once it has faded out, instead of back to what opened it: that is gone (a row just deleted). */
  focusAfter?: RefObject<HTMLElement | null>;
}

/** "Are you sure?" before something that cannot be undone; the safe answer has the focus, so Enter never deletes. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  dismissLabel,
  busy,
  onConfirm,
  onCancel,
  focusAfter,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onCancel}
      restoreFocus={!focusAfter}
      onExited={() => focusAfter?.current?.focus()}
      centered
      aria-labelledby="confirm-dialog-title"
      className="dash-modal"
    >
      <Modal.Header closeButton closeLabel={t('admin.common.close')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        {/* The dialog opens on its safe answer, so Enter never deletes by accident. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {dismissLabel ?? t('admin.common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
