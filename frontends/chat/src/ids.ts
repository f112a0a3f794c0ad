/** A client-chosen id such as `msg_lq2x9a_3f8k1c0d`: letters, digits and '_' only, as the services accept. */
export function randomId(prefix: 'msg' | 'conv' | 'thread'): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(6));
  const random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${prefix}_${Date.now().toString(36)}_${random}`;
}
