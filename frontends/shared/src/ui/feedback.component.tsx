import type { ReactNode } from 'react';
import { Icon } from './icon.component';

/** The red box above a form (docs/product-spec.md §2). */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div className="error-box" role="alert">
      <Icon name="alert" />
      <span>{children}</span>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function Badge({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' | 'neutral' }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
