export type DocumentFileType = 'pdf' | 'zip';

/** Bytes of a file's start that `sniffFileType` needs. */
export const SNIFF_BYTES = 1024;

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGICS = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/** The type of a file from its first bytes (never its name): a PDF header within the first KiB, or a ZIP signature. */
export function sniffFileType(head: Uint8Array): DocumentFileType | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES));
  if (ZIP_MAGICS.some((magic) => bytes.subarray(0, magic.length).equals(magic))) return 'zip';
  if (bytes.indexOf(PDF_MAGIC) !== -1) return 'pdf';
  return null;
}
