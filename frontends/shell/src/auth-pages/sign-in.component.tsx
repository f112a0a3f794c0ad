import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, TextField, getCairn, signInErrorMessage, validateSignIn } from '@cairn/frontend-shared';
import { ROUTES, returnPathFrom } from '../routing/route-guard';
import { AuthLayout } from './auth-layout.component';
import { ExternalProviderButton } from './external-provider-button.component';
import { PasswordField } from './password-field.component';
import { useAuthForm } from './use-auth-form';

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const returnToOrigin = () => navigate(returnPathFrom(location.state), { replace: true });

  const { error, busy, onSubmit, showFailure } = useAuthForm({
    validate: () => validateSignIn({ email, password }),
    send: async () => {
      await getCairn().auth.signIn(email, password);
      returnToOrigin();
    },
    failureMessage: signInErrorMessage,
  });

  return (
    <AuthLayout
      title="Sign in to Cairn"
      subtitle="Access clinical protocols, your saved checklists and recent searches."
      error={error}
      footer={
        getCairn().auth.passwordSignIn && (
          <p>
            Don&apos;t have an account?{' '}
            <Link to={ROUTES.signup} state={location.state}>
              Sign up
            </Link>
          </p>
        )
      }
    >
      {getCairn().auth.passwordSignIn && (
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="auth-form__aside">
          <Link to={ROUTES.forgotPassword} state={location.state}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" variant="primary" size="lg" block disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      )}
      <ExternalProviderButton
        disabled={busy}
        onSignedIn={returnToOrigin}
        onError={showFailure}
      />
    </AuthLayout>
  );
}
