import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/api-error';
import { AuthError } from './auth-client';
import { resetConfirmErrorMessage, resetErrorMessage, signInErrorMessage, signUpErrorMessage } from './auth-messages';

const http = (status: number, category?: string) => new ApiError({ kind: 'http', status, category, message: 'm' });

describe('signInErrorMessage', () => {
  it.each([
    [http(401, 'user_not_found'), 'No account found with this email address'],
    [http(401, 'wrong_password'), 'Incorrect password'],
    [http(400, 'invalid_email'), 'Invalid email address'],
    [http(400, 'missing_fields'), 'Please fill in all fields'],
    [http(403, 'user_disabled'), 'This account has been disabled'],
    [http(429, 'too_many_attempts'), 'Too many failed attempts. Please try again later'],
    [new ApiError({ kind: 'network', message: 'down' }), 'Network error. Please check your connection'],
    [new ApiError({ kind: 'timeout', message: 'slow' }), 'Network error. Please check your connection'],
    [new AuthError('cancelled'), 'Sign-in cancelled'],
    [http(500), 'Failed to sign in. Please try again'],
    [http(401), 'Failed to sign in. Please try again'],
    [new Error('weird'), 'Failed to sign in. Please try again'],
  ])('%# maps to %j', (error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});

describe('signUpErrorMessage', () => {
  it.each([
    [http(409, 'email_in_use'), 'An account with this email already exists'],
    [http(400, 'invalid_email'), 'Invalid email address'],
    [http(400, 'weak_password'), 'Password is too weak. Please choose a stronger password'],
    [http(400, 'missing_fields'), 'Please fill in all fields'],
    [new AuthError('network'), 'Network error. Please check your connection'],
    [new AuthError('cancelled'), 'Sign-up cancelled'],
    [http(500), 'Failed to create account. Please try again'],
  ])('%# maps to %j', (error, message) => {
    expect(signUpErrorMessage(error)).toBe(message);
  });
});

describe('resetErrorMessage', () => {
  it.each([
    [http(404), 'No account found with this email address'],
    [http(404, 'user_not_found'), 'No account found with this email address'],
    [http(400, 'invalid_email'), 'Invalid email address'],
    [http(400), 'Invalid email address'],
    [new ApiError({ kind: 'network', message: 'down' }), 'Network error. Please check your connection'],
    [http(500), 'Failed to send reset email. Please try again'],
    [http(429), 'Failed to send reset email. Please try again'],
  ])('%# maps to %j', (error, message) => {
    expect(resetErrorMessage(error)).toBe(message);
  });
});

describe('resetConfirmErrorMessage', () => {
  it.each([
    [http(400, 'invalid_token'), 'This reset link is invalid or has expired. Please request a new one.'],
    [http(400, 'weak_password'), 'Password must be at least 6 characters'],
    [new ApiError({ kind: 'network', message: 'down' }), 'Network error. Please check your connection'],
    [http(500), 'Failed to send reset email. Please try again'],
  ])('%# maps to %j', (error, message) => {
    expect(resetConfirmErrorMessage(error)).toBe(message);
  });
});
