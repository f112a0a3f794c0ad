import { useNavigate } from 'react-router-dom';
import { Button, useCurrentUser, userLabel } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';
import { confirmAndLogOut } from '../session/logout';

export function LandingHeader() {
  const user = useCurrentUser();
  const navigate = useNavigate();

  return (
    <header className="site-header">
      <button type="button" className="brand brand--button" onClick={() => navigate(ROUTES.home)}>
        <span className="brand__mark" aria-hidden="true" />
        Cairn
      </button>
      <nav className="site-header__actions" aria-label="Account">
        {user ? (
          <>
            <span className="site-header__user" title={user.email}>
              {userLabel(user)}
            </span>
            <Button icon="logout" onClick={() => void confirmAndLogOut(() => navigate(ROUTES.home, { replace: true }))}>
              Logout
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={() => navigate(ROUTES.login)}>
            Sign in
          </Button>
        )}
      </nav>
    </header>
  );
}
