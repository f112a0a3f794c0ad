import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ErrorBox } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';
import { useDocumentTitle } from '../routing/use-document-title';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  error?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** The page's own Home button may replace the 'Back to Home' link. */
  backToHome?: boolean;
}

export function AuthLayout({ title, subtitle, error, children, footer, backToHome = true }: AuthLayoutProps) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <div className="auth-page__top">
        {backToHome && (
          <Button variant="link" icon="arrow-left" onClick={() => navigate(ROUTES.home)}>
            Back to Home
          </Button>
        )}
      </div>
      <main className="auth-card">
        <div className="brand brand--centered" aria-hidden="true">
          <span className="brand__mark" />
          Cairn
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {error && <ErrorBox>{error}</ErrorBox>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </main>
    </div>
  );
}
