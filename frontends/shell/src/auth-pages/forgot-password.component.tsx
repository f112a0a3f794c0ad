import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Icon, TextField, getCairn, resetErrorMessage, validateResetRequest } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';
import { AuthLayout } from './auth-layout.component';
import { ChooseNewPassword } from './choose-new-password.component';
import { useAuthForm } from './use-auth-form';

export function ForgotPasswordPage() {
  const token = useSearchParams()[0].get('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestResetLink />;
}

function RequestResetLink() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { error, busy, onSubmit } = useAuthForm({
    validate: () => validateResetRequest({ email }),
    send: async () => {
      await getCairn().auth.requestPasswordReset(email);
      setSentTo(email.trim());
    },
    failureMessage: resetErrorMessage,
  });

  if (sentTo) {
    return (
      <AuthLayout title="Email Sent!" backToHome={false}>
        <div className="reset-sent">
          <span className="reset-sent__icon">
            <Icon name="check" size={28} />
          </span>
          <p>
            We sent a link to reset your password to <strong>{sentTo}</strong>. Check your inbox, and your spam folder if
            it does not arrive within a few minutes.
          </p>
          <div className="reset-sent__actions">
            <Button variant="primary" block onClick={() => setSentTo(null)}>
              Send Another Email
            </Button>
            <Button block onClick={() => navigate(ROUTES.login, { state: location.state })}>
              Back to Login
            </Button>
            <Button variant="ghost" block icon="home" onClick={() => navigate(ROUTES.home)}>
              Home
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      error={error}
      footer={
        <p>
          Remembered it?{' '}
          <Link to={ROUTES.login} state={location.state}>
            Back to Login
          </Link>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="primary" size="lg" block disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
