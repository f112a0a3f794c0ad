import { CHAT_INPUT_MAX_LENGTH } from '@cairn/rules';

/** Spec §5: the main chat input sends trimmed, non-blank text of at most 2000 characters, never while loading. */
export function prepareChatInput(text: string, loading = false): string | null {
  if (loading) return null;
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.slice(0, CHAT_INPUT_MAX_LENGTH);
}
