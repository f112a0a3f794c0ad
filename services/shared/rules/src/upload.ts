export const UPLOAD_MAX_MEGABYTES = 100;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;
export const UPLOAD_ALLOWED_EXTENSIONS = ['.zip', '.pdf'] as const;

export const UploadMessages = {
  wrongType: 'Please upload a ZIP or PDF file.',
  uploadInProgress: 'Please wait for the current upload to complete',
} as const;

export function fileTooLargeMessage(sizeBytes: number): string {
  return `File too large (${(sizeBytes / (1024 * 1024)).toFixed(1)} MB). Maximum size is ${UPLOAD_MAX_MEGABYTES}MB.`;
}

export function hasUploadExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return UPLOAD_ALLOWED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** The checks made on a chosen file before any upload; returns the message to show, or null when the file may go. */
export function checkUploadFile(file: { name: string; size: number }): string | null {
  if (!hasUploadExtension(file.name)) return UploadMessages.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return fileTooLargeMessage(file.size);
  return null;
}
