import { CHAT_INPUT_MAX_LENGTH, MESSAGE_MAX_LENGTH, MessageCheckMessages } from '@cairn/rules';

/** docs/product-spec.md §5: the main chat input sends trimmed, non-blank text of at most 2000 characters, never while loading. */
export function prepareChatInput(text: string, loading = false): string | null {
  if (loading) return null;
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.slice(0, CHAT_INPUT_MAX_LENGTH);
}

/**
 * The input bar holds 2000 characters (docs/product-spec.md §5), but a message is checked against 1000. A longer message
 * is refused with the check's text and kept for the user to shorten: cutting it could drop the clause
 * that changes the clinical question ("… in pregnancy").
 */
export function chatInputProblem(text: string): string | null {
  return text.trim().replace(/\s+/g, ' ').length > MESSAGE_MAX_LENGTH ? MessageCheckMessages.tooLong : null;
}
