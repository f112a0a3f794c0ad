import { describe, expect, it } from '@jest/globals';
import { AuthMessages, passwordStrength, validateNewPassword, validateResetRequest, validateSignIn, validateSignUp } from './auth.js';

describe('passwordStrength', () => {
  it.each([
    ['', ''],
    ['abc12', 'Too short'],
    ['abcdef', 'Weak'],
    ['Abcdef1', 'Weak'],
    ['abcdefgh', 'Medium'],
    ['Abcdefgh', 'Medium'],
    ['abcdefg1', 'Medium'],
    ['Abcdefg1', 'Strong'],
  ])('%j is %j', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('validateSignIn', () => {
  it('needs both fields', () => {
    expect(validateSignIn({ email: '', password: 'x' })?.message).toBe(AuthMessages.fillAllFields);
    expect(validateSignIn({ email: 'a@b.co', password: '' })?.message).toBe(AuthMessages.fillAllFields);
    expect(validateSignIn({ email: '   ', password: 'secret' })?.message).toBe(AuthMessages.fillAllFields);
  });
  it('checks the e-mail shape', () => {
    expect(validateSignIn({ email: 'not-an-email', password: 'secret' })).toEqual({
      category: 'invalid_email',
      message: 'Invalid email address',
    });
    expect(validateSignIn({ email: 'nurse@ward.org', password: 'secret' })).toBeNull();
  });
});

describe('validateSignUp', () => {
  const ok = { displayName: 'Asha Rao', email: 'asha@ward.org', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts a complete form', () => expect(validateSignUp(ok)).toBeNull());
  it('needs all four fields', () => {
    for (const field of ['displayName', 'email', 'password', 'confirmPassword'] as const) {
      expect(validateSignUp({ ...ok, [field]: '' })?.message).toBe('Please fill in all fields');
    }
  });
  it('needs matching passwords, checked before length', () => {
    expect(validateSignUp({ ...ok, confirmPassword: 'secret2' })?.message).toBe('Passwords do not match');
    expect(validateSignUp({ ...ok, password: 'abc', confirmPassword: 'abd' })?.message).toBe('Passwords do not match');
  });
  it('needs six characters', () => {
    expect(validateSignUp({ ...ok, password: 'abcde', confirmPassword: 'abcde' })?.message).toBe(
      'Password must be at least 6 characters',
    );
  });
  it('works without a confirmation field (server side)', () => {
    expect(validateSignUp({ displayName: 'A', email: 'a@b.co', password: 'secret' })).toBeNull();
    expect(validateSignUp({ displayName: 'A', email: 'bad', password: 'secret' })?.category).toBe('invalid_email');
  });
});

describe('validateResetRequest', () => {
  it('needs an e-mail', () => {
    expect(validateResetRequest({ email: ' ' })?.message).toBe('Please enter your email address');
    expect(validateResetRequest({ email: 'a@b.co' })).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('needs both fields, a match and six characters', () => {
    expect(validateNewPassword({ password: 'secret1', confirmPassword: '' })?.message).toBe('Please fill in all fields');
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret2' })?.message).toBe('Passwords do not match');
    expect(validateNewPassword({ password: 'abc', confirmPassword: 'abc' })?.message).toBe('Password must be at least 6 characters');
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
  });
});
