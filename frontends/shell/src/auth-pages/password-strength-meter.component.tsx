import { passwordStrength, type PasswordStrength } from '@cairn/frontend-shared';

const LEVELS: Record<Exclude<PasswordStrength, ''>, { filled: number; tone: string }> = {
  'Too short': { filled: 1, tone: 'too-short' },
  Weak: { filled: 2, tone: 'weak' },
  Medium: { filled: 3, tone: 'medium' },
  Strong: { filled: 4, tone: 'strong' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  if (!strength) return null;
  const level = LEVELS[strength];
  return (
    <div className={`strength strength--${level.tone}`}>
      <div className="strength__bar" aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={segment <= level.filled ? 'strength__segment is-filled' : 'strength__segment'} />
        ))}
      </div>
      <span className="strength__label">Password strength: {strength}</span>
    </div>
  );
}
