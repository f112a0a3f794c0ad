import { describe, expect, it } from '@jest/globals';
import { UPLOAD_MAX_BYTES, checkUploadFile, fileTooLargeMessage, hasUploadExtension } from './upload.js';

describe('checkUploadFile', () => {
  it('accepts ZIP and PDF names in any case', () => {
    expect(checkUploadFile({ name: 'guidelines.zip', size: 10 })).toBeNull();
    expect(checkUploadFile({ name: 'Sepsis Bundle.PDF', size: 10 })).toBeNull();
  });

  it('rejects other names, even with a zip or pdf inside the name', () => {
    expect(checkUploadFile({ name: 'notes.docx', size: 10 })).toBe('Please upload a ZIP or PDF file.');
    expect(checkUploadFile({ name: 'protocols.zip.exe', size: 10 })).toBe('Please upload a ZIP or PDF file.');
    expect(checkUploadFile({ name: 'pdf', size: 10 })).toBe('Please upload a ZIP or PDF file.');
  });

  it('allows exactly 100MB and rejects one byte more', () => {
    expect(checkUploadFile({ name: 'a.zip', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkUploadFile({ name: 'a.zip', size: UPLOAD_MAX_BYTES + 1 })).toBe(
      'File too large (100.0 MB). Maximum size is 100MB.',
    );
  });

  it('checks the type before the size', () => {
    expect(checkUploadFile({ name: 'huge.mov', size: UPLOAD_MAX_BYTES * 3 })).toBe('Please upload a ZIP or PDF file.');
  });
});

describe('fileTooLargeMessage', () => {
  it('states the size in megabytes', () => {
    expect(fileTooLargeMessage(150 * 1024 * 1024)).toBe('File too large (150.0 MB). Maximum size is 100MB.');
    expect(fileTooLargeMessage(123.45 * 1024 * 1024)).toBe('File too large (123.5 MB). Maximum size is 100MB.');
  });
});

describe('hasUploadExtension', () => {
  it('looks at the end of the name only', () => {
    expect(hasUploadExtension('a.pdf')).toBe(true);
    expect(hasUploadExtension('a.pdf.txt')).toBe(false);
  });
});
