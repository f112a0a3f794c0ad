import { describe, expect, it } from '@jest/globals';
import { ApiError, AuthError } from '@cairn/frontend-shared';
import { productSpecText, textsMissingFromSpec } from '../../../shared/test-support/product-spec';
import { INDEX_TAB_TITLE, NEW_TAB_TITLE } from '../tabs/workspace-tabs';
import { AccountTexts, deletionErrorMessage, validateAccountDeletion } from './account-texts';

describe('account deletion', () => {
  const valid = { confirmation: 'DELETE', password: 'Sup3rSecret', provider: 'password' as const, email: 'asha@ward.org' };

  it('needs DELETE typed exactly, a password for password accounts, and an e-mail', () => {
    expect(validateAccountDeletion(valid)).toBeNull();
    expect(validateAccountDeletion({ ...valid, confirmation: 'delete' })).toBe('Please type DELETE to confirm account deletion.');
    expect(validateAccountDeletion({ ...valid, password: '' })).toBe('Please enter your password to confirm deletion.');
    expect(validateAccountDeletion({ ...valid, provider: 'oidc', password: '' })).toBeNull();
    expect(validateAccountDeletion({ ...valid, email: null })).toBe('Could not verify your email address.');
  });

  it('says why a deletion failed in the spec’s words', () => {
    const http = (status: number, category?: string) => new ApiError({ kind: 'http', status, category, message: 'refused', path: '/auth/login' });
    expect(deletionErrorMessage(http(401, 'wrong_password'))).toBe('Incorrect password. Please try again.');
    expect(deletionErrorMessage(http(429, 'too_many_attempts'))).toBe('Too many failed attempts. Please try again later or reset your password.');
    expect(deletionErrorMessage(http(401, 'requires_recent_login'))).toBe(AccountTexts.recentLogin);
    expect(deletionErrorMessage(http(401))).toBe('Invalid password. Please check your password and try again.');
    expect(deletionErrorMessage(new AuthError('wrong_password', 'Incorrect password', 401))).toBe('Incorrect password. Please try again.');
    expect(deletionErrorMessage(new AuthError('too_many_attempts', 'Too many', 429))).toBe(AccountTexts.tooManyAttempts);
    expect(deletionErrorMessage(new AuthError('cancelled', 'The sign-in popup was closed'))).toBe('Google sign-in was cancelled. Please try again.');
    expect(deletionErrorMessage(new Error('Network error'))).toBe('Failed to delete account: Network error. Please try again.');
  });
});

const spec = productSpecText();

(spec ? describe : describe.skip)('account and workspace texts', () => {
  it('use the specification’s texts word for word', () => {
    const { renameAccount, nameUpdated, nameUpdateFailed, deleteAccount, typeDelete, enterPassword, noEmail, wrongPassword, invalidCredential, providerCancelled, recentLogin, tooManyAttempts } = AccountTexts;
    const account = [renameAccount, nameUpdated, nameUpdateFailed, deleteAccount, typeDelete, enterPassword, noEmail, wrongPassword, invalidCredential, providerCancelled, recentLogin, tooManyAttempts, 'Failed to delete account: {message}. Please try again.'];
    const workspace = [NEW_TAB_TITLE, INDEX_TAB_TITLE, 'Close All Tabs?', 'Close All', 'Discussion Mode', 'New Search', 'Hybrid Search', 'Upload Medical Documents', 'Log Out', 'My Protocols', 'No protocols yet', 'Generated Protocols'];
    expect(textsMissingFromSpec(spec!, [...account, ...workspace])).toEqual([]);
    expect(AccountTexts.deleteFailed('{message}')).toBe(account.at(-1));
  });
});
