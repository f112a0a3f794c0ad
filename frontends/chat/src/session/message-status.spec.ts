import { describe, expect, it } from '@jest/globals';
import { canRetry, statusText } from './message-status';

describe('statusText', () => {
  it.each([
    [{ status: 'pending' as const, retryCount: 0 }, 'Sending...'],
    [{ status: 'sent' as const, retryCount: 0 }, 'Sent'],
    [{ status: undefined, retryCount: 0 }, 'Sent'],
    [{ status: 'retrying' as const, retryCount: 1 }, 'Retrying... (Attempt 2)'],
    [{ status: 'retrying' as const, retryCount: 2 }, 'Retrying... (Attempt 3)'],
    [{ status: 'failed' as const, retryCount: 0, error: 'Search Error' }, 'Search Error'],
    [{ status: 'failed' as const, retryCount: 0 }, 'Failed to send'],
    [{ status: 'failed' as const, retryCount: 0, error: '' }, 'Failed to send'],
  ])('%j reads %j', (message, text) => {
    expect(statusText(message)).toBe(text);
  });
});

describe('canRetry', () => {
  it('offers Retry on a failed message while nothing else is loading', () => {
    expect(canRetry({ status: 'failed' }, false)).toBe(true);
    expect(canRetry({ status: 'failed' }, true)).toBe(false);
    expect(canRetry({ status: 'sent' }, false)).toBe(false);
  });
});
