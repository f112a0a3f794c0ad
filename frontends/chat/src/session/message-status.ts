import type { UserMessage } from './chat-message';

/** docs/product-spec.md §4 user message statuses, with the text shown under the message. */
export function statusText(message: Pick<UserMessage, 'status' | 'error' | 'retryCount'>): string {
  switch (message.status) {
    case 'pending':
      return 'Sending...';
    case 'retrying':
      return `Retrying... (Attempt ${message.retryCount + 1})`;
    case 'failed':
      return message.error || 'Failed to send';
    default:
      return 'Sent';
  }
}

/** A failed message can be sent again while no other answer is being prepared. */
export const canRetry = (message: Pick<UserMessage, 'status'>, busy: boolean): boolean => message.status === 'failed' && !busy;
