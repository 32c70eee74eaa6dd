import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A settings screen's submit button, kept in view at the foot of a long form, with what the form's state is. */
export function SaveBar({ label, saving, status }: { label: string; saving: boolean; status?: ReactNode }) {
  return (
    <div className="settings-save-bar">
      <Button type="submit" variant="primary" disabled={saving}>
        {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {label}
      </Button>
      {status && (
        <span className="small text-body-secondary ms-3" role="status">
          {status}
        </span>
      )}
    </div>
  );
}
