import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-error';
import { describeRequestError } from './request-error-catalogue';

const http = (status: number, message = 'x') => new ApiError({ kind: 'http', status, message });

describe('describeRequestError', () => {
  it.each([
    [new ApiError({ kind: 'timeout', message: 'Request timeout after 30000 ms' }), 'Request Timed Out'],
    [new ApiError({ kind: 'cancelled', message: 'Request cancelled' }), 'Request Cancelled'],
    [new ApiError({ kind: 'network', message: 'Network error' }), 'Connection Error'],
    [http(401), 'Authentication Required'],
    [http(403), 'Access Denied'],
    [http(404), 'Not Found'],
    [http(429), 'Too Many Requests'],
    [http(500), 'Server Error'],
    [http(502), 'Server Error'],
    [http(503), 'Server Error'],
  ])('maps the API failure %# by kind and status', (error, title) => {
    expect(describeRequestError(error).title).toBe(title);
  });

  it('falls back to the message for statuses without a row', () => {
    expect(describeRequestError(http(400, 'User ID is required')).title).toBe('Invalid Input');
    expect(describeRequestError(http(409, 'conflict')).title).toBe('Something Went Wrong');
    expect(describeRequestError(http(504, 'Search failed upstream')).title).toBe('Search Error');
  });

  it.each([
    ['Request timed out', 'Request Timed Out'],
    ['The operation was aborted', 'Request Cancelled'],
    ['TypeError: Failed to fetch', 'Connection Error'],
    ['HTTP 401 Unauthorized', 'Authentication Required'],
    ['HTTP 403', 'Access Denied'],
    ['Conversation not found', 'Not Found'],
    ['HTTP 429', 'Too Many Requests'],
    ['HTTP 502 Bad Gateway', 'Server Error'],
    ['Internal server error', 'Server Error'],
    ['Search failed: index unavailable', 'Search Error'],
    ['Protocol generation failed', 'Protocol Generation Error'],
    ['Failed to save conversation', 'Save Error'],
    ['Save failed', 'Save Error'],
    ['Delete failed', 'Delete Error'],
    ['Failed to delete protocol', 'Delete Error'],
    ['database is locked', 'Database Error'],
    ['Title is required', 'Invalid Input'],
    ['invalid upload id', 'Invalid Input'],
    ['boom', 'Something Went Wrong'],
  ])('maps the message %j to %j', (message, title) => {
    expect(describeRequestError(new Error(message)).title).toBe(title);
  });

  it('names the failed call when nothing else matches', () => {
    expect(describeRequestError(http(409, 'conflict'), 'search').title).toBe('Search Error');
    expect(describeRequestError(new Error('boom'), 'generation').title).toBe('Protocol Generation Error');
    expect(describeRequestError(http(500), 'generation').title).toBe('Server Error');
    expect(describeRequestError(new ApiError({ kind: 'timeout', message: 't' }), 'search').title).toBe('Request Timed Out');
  });

  it('handles values that are not errors', () => {
    expect(describeRequestError('Request timeout').title).toBe('Request Timed Out');
    expect(describeRequestError(undefined).title).toBe('Something Went Wrong');
    expect(describeRequestError({ random: true }).condition).toBe('unknown');
  });

  it('marks only timeouts as retryable and gives every row a message', () => {
    expect(describeRequestError(new ApiError({ kind: 'timeout', message: 't' })).retryable).toBe(true);
    expect(describeRequestError(http(500)).retryable).toBe(false);
    expect(describeRequestError(http(401)).message).toBe('Your session has expired. Please log in again.');
  });
});
