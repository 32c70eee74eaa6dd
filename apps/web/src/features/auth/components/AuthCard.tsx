import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { LanguageSwitch } from '../../../app/layout/LanguageSwitch';
import { Logo } from '../../../components/Logo';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * On the screens that hide the navbar (/login, /signup) the logo still leads home, and the navbar's language switch
   * sits beside it: a shopper sent here by Add to Cart or the checkout can read the form in their language.
   */
  withLogo?: boolean;
}

export function AuthCard({ title, children, footer, withLogo = false }: AuthCardProps) {
  return (
    <div className="auth-page container-sm py-4 py-md-5">
      {withLogo && (
        <div className="auth-card mx-auto d-flex align-items-center justify-content-between gap-3 mb-4">
          <Logo dark />
          <LanguageSwitch className="btn btn-link" />
        </div>
      )}
      <Card className="auth-card mx-auto shadow-sm">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
      {footer && <div className="auth-card mx-auto text-center mt-3">{footer}</div>}
    </div>
  );
}
