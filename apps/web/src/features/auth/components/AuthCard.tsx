import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Logo } from '../../../components/Logo';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** On the screens that hide the navbar (/login, /signup) the logo still leads home. */
  withLogo?: boolean;
}

export function AuthCard({ title, children, footer, withLogo = false }: AuthCardProps) {
  return (
    <div className="auth-page container-sm py-4 py-md-5">
      {withLogo && (
        <div className="text-center mb-4">
          <Logo dark />
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
