/** Longest text the main chat input accepts. */
export const CHAT_INPUT_MAX_LENGTH = 2000;
/** Longest message the message check and the step discussion accept. */
export const MESSAGE_MAX_LENGTH = 1000;

export const MessageCheckMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message too long (max ${MESSAGE_MAX_LENGTH} characters)`,
} as const;

export function validateChatMessage(message: string | null | undefined): string | null {
  if (!message || message.trim().length === 0) return MessageCheckMessages.empty;
  if (message.length > MESSAGE_MAX_LENGTH) return MessageCheckMessages.tooLong;
  return null;
}

/** Trims, collapses runs of whitespace and cuts to the message limit. */
export function cleanChatMessage(message: string): string {
  return message.trim().replace(/\s+/g, ' ').slice(0, MESSAGE_MAX_LENGTH);
}
