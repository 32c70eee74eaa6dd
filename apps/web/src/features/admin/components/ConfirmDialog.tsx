import { useState, type ReactNode, type RefObject } from 'react';
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
  /** May answer (a promise of) true once it was done: a deletion that was gets `focusAfterDone`. */
  onConfirm: () => unknown;
  onCancel: () => void;
  /**
   * Where focus goes once the dialog has faded after its action was done, instead of back to what opened it: a row
   * deleted takes its buttons with it. A title with tabIndex -1.
   */
  focusAfterDone?: RefObject<HTMLElement | null>;
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
  focusAfterDone,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  // What it says stays while it fades out, though its caller let go of what it asked about as it closed it.
  const [said, setSaid] = useState({ title, children });
  if (show && (said.title !== title || said.children !== children)) setSaid({ title, children });
  const [done, setDone] = useState(false);
  const focusAfter = done ? focusAfterDone : undefined;
  const confirm = async () => {
    if ((await onConfirm()) === true) setDone(true);
  };
  return (
    <Modal
      show={show}
      onHide={onCancel}
      onEnter={() => setDone(false)}
      restoreFocus={!focusAfter}
      onExited={() => focusAfter?.current?.focus()}
      centered
      aria-labelledby="confirm-dialog-title"
      className="dash-modal"
    >
      <Modal.Header closeButton closeLabel={t('admin.common.close')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {show ? title : said.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show ? children : said.children}</Modal.Body>
      <Modal.Footer>
        {/* The dialog opens on its safe answer, so Enter never deletes by accident. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {dismissLabel ?? t('admin.common.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
