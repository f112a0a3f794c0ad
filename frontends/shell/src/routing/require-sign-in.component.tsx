import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@cairn/frontend-shared';
import { guardSignedIn } from './route-guard';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  const decision = guardSignedIn(user !== null, location);
  if (!decision.allow) return <Navigate to={decision.redirectTo} state={decision.state} replace />;
  return children;
}
