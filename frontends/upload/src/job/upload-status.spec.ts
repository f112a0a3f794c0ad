import { describe, expect, it } from '@jest/globals';
import { IDLE_JOB, applyStatus, displayProgress, isActive, statusLabel, statusText } from './upload-status';

describe('upload status', () => {
  it('shows 0 while uploading, 25 plus 60 % of the server progress while processing, 100 once generated', () => {
    expect(displayProgress('uploading', 40)).toBe(0);
    expect(displayProgress('processing', 0)).toBe(25);
    expect(displayProgress('processing', 50)).toBe(55);
    expect(displayProgress('processing', 100)).toBe(85);
    expect(displayProgress('awaiting_approval', 80)).toBe(100);
    expect(displayProgress('completed', 0)).toBe(100);
  });

  it('labels each status as the spec does, and any other by its raw text', () => {
    expect(['uploading', 'processing', 'awaiting_approval', 'completed', 'cancelled', 'failed', 'error', 'paused'].map(statusLabel)).toEqual([
      'Uploading', 'Processing', 'Ready for Review', 'Completed', 'Cancelled by user', 'Error', 'Error', 'paused',
    ]);
  });

  it('describes each phase with its counts and error', () => {
    const job = (phase: string, extra = {}) => ({ ...IDLE_JOB, phase, ...extra }) as typeof IDLE_JOB;
    expect(statusText(job('uploading'))).toBe('Uploading file...');
    expect(statusText(job('processing'))).toBe('Processing documents and generating protocols...');
    expect(statusText(job('awaiting_approval', { extracted: 21 }))).toBe('21 protocols generated');
    expect(statusText(job('completed', { indexed: 20 }))).toBe('Successfully processed 20 protocols');
    expect(statusText(job('cancelled'))).toBe('Upload cancelled by user');
    expect(statusText(job('failed', { error: 'The file is not a valid PDF.' }))).toBe('Error: The file is not a valid PDF.');
  });

  it('reads a status answer, keeping counts the answer leaves out', () => {
    const processing = applyStatus({ ...IDLE_JOB, phase: 'uploading', uploadId: 'u1', filename: 'a.zip' }, { status: 'processing', progress: 50, protocols_extracted: 3 });
    expect(processing).toMatchObject({ phase: 'processing', progress: 55, extracted: 3, indexed: null, filename: 'a.zip' });
    expect(applyStatus(processing, { status: 'awaiting_approval', progress: 100, protocols_extracted: null })).toMatchObject({ phase: 'awaiting_approval', progress: 100, extracted: 3 });
    expect(isActive('uploading') && isActive('processing') && !isActive('awaiting_approval') && !isActive('cancelled')).toBe(true);
  });

  it('keeps the files the server could not read, with why', () => {
    const files = [
      { name: 'guide.pdf', error: null },
      { name: 'notes.txt', error: 'not a PDF' },
      { name: 'scan.pdf', error: 'the PDF is damaged' },
    ];
    const done = applyStatus({ ...IDLE_JOB, phase: 'processing', uploadId: 'u1' }, { status: 'awaiting_approval', protocols_extracted: 3, files });
    expect(done.unread).toEqual([
      { name: 'notes.txt', error: 'not a PDF' },
      { name: 'scan.pdf', error: 'the PDF is damaged' },
    ]);
    expect(applyStatus(done, { status: 'completed' }).unread).toHaveLength(2);
    expect(IDLE_JOB.unread).toEqual([]);
  });
});
