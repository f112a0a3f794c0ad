import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthMessages, Button, getCairn, resetConfirmErrorMessage, validateNewPassword } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';
import { AuthLayout } from './auth-layout.component';
import { PasswordField } from './password-field.component';
import { PasswordStrengthMeter } from './password-strength-meter.component';
import { useAuthForm } from './use-auth-form';

/** The page the reset e-mail's link opens (`/forgot-password?token=…`): choose a new password. */
export function ChooseNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);

  const { error, busy, onSubmit } = useAuthForm({
    validate: () => validateNewPassword({ password, confirmPassword: confirmation }),
    send: async () => {
      await getCairn().auth.confirmPasswordReset(token, password);
      setDone(true);
    },
    failureMessage: resetConfirmErrorMessage,
  });

  if (done) {
    return (
      <AuthLayout title="Password changed" backToHome={false}>
        <div className="reset-sent">
          <p>{AuthMessages.passwordUpdated}</p>
          <div className="reset-sent__actions">
            <Button variant="primary" block onClick={() => navigate(ROUTES.login)}>
              Back to Login
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      error={error}
      footer={
        <p>
          Link expired? <Link to={ROUTES.forgotPassword}>Send another email</Link>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <PasswordField
          label="New Password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={<PasswordStrengthMeter password={password} />}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Button type="submit" variant="primary" size="lg" block disabled={busy}>
          {busy ? 'Saving...' : 'Save New Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
