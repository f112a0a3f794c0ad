import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Icon, TextField, getCairn, signUpErrorMessage, validateSignUp } from '@cairn/frontend-shared';
import { ROUTES, returnPathFrom } from '../routing/route-guard';
import { AuthLayout } from './auth-layout.component';
import { ExternalProviderButton } from './external-provider-button.component';
import { PasswordField } from './password-field.component';
import { PasswordStrengthMeter } from './password-strength-meter.component';
import { useAuthForm } from './use-auth-form';

function PasswordMatch({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return null;
  const matches = password === confirmation;
  return (
    <span className={matches ? 'match match--ok' : 'match match--bad'}>
      <Icon name={matches ? 'check' : 'close'} size={14} />
      {matches ? 'Passwords match' : 'Passwords do not match'}
    </span>
  );
}

export function SignUpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ displayName: '', email: '', password: '', confirmPassword: '' });

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const returnToOrigin = () => navigate(returnPathFrom(location.state), { replace: true });

  const { error, busy, onSubmit, showFailure } = useAuthForm({
    validate: () => validateSignUp(form),
    send: async () => {
      await getCairn().auth.signUp(form);
      returnToOrigin();
    },
    failureMessage: signUpErrorMessage,
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="For healthcare professionals: search protocols and keep your own checklists."
      error={error}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={ROUTES.login} state={location.state}>
            Sign in
          </Link>
        </p>
      }
    >
      {getCairn().auth.passwordSignIn && (
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField label="Full Name" name="name" autoComplete="name" value={form.displayName} onChange={update('displayName')} />
        <TextField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={update('email')} />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          hint={<PasswordStrengthMeter password={form.password} />}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm-password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          hint={<PasswordMatch password={form.password} confirmation={form.confirmPassword} />}
        />
        <Button type="submit" variant="primary" size="lg" block disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
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
