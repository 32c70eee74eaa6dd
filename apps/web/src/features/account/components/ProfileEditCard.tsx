import type { FormEvent, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage, type ApiError } from '../../../api/errors';
import { paths } from '../../../lib/paths';

interface ProfileEditCardProps {
  title: string;
  /** The server's refusal, shown above the fields. */
  error: ApiError | undefined;
  isLoading: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}

/** The frame of every profile edit page: title, the server's error, the fields, Save and Cancel back to /EditProfile. */
export function ProfileEditCard({ title, error, isLoading, onSubmit, children }: ProfileEditCardProps) {
  const { t } = useTranslation();
  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t('shopPages.documentTitle', { title })}</title>
      <h1 className="page-title">{title}</h1>
      <Card body>
        {error && <Alert variant="danger">{errorMessage(error) ?? t('common.sendFailed')}</Alert>}
        <Form noValidate onSubmit={(event) => void onSubmit(event)}>
          {children}
          <div className="d-flex gap-2">
            <Button type="submit" variant="primary" disabled={isLoading}>
              {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('common.save')}
            </Button>
            <Link to={paths.editProfile} className="btn btn-outline-secondary">
              {t('common.cancel')}
            </Link>
          </div>
        </Form>
      </Card>
    </div>
  );
}
