import { describe, expect, it } from '@jest/globals';
import type { Timers } from '@cairn/frontend-shared';
import type { UploadStatusBody } from '../shared/uploads.resource';
import { STATUS_POLL_MS, UploadSession, type UploadNotices } from './upload-session';

function manualTimers() {
  let now = 0;
  const pending: { at: number; callback: () => void; id: number }[] = [];
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.push({ at: now + ms, callback, id: ++next });
      return next;
    },
    clearTimeout: (id) => {
      const index = pending.findIndex((timer) => timer.id === id);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const advance = async (ms: number) => {
    now += ms;
    for (;;) {
      const due = pending.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      pending.splice(pending.indexOf(due), 1);
      due.callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { timers, advance };
}

function setUp(statuses: (UploadStatusBody | Error)[]) {
  const told: string[] = [];
  const notices: UploadNotices = {
    ready: (job) => told.push(`ready ${job.extracted}`),
    noProtocols: () => told.push('none'),
    failed: (error) => told.push(`failed ${error}`),
    statusCheckFailed: () => told.push('status check failed'),
    cancelled: () => told.push('cancelled'),
    completed: () => told.push('completed'),
  };
  const calls: string[] = [];
  let resolveUpload: (value: { uploadId: string; filename: string }) => void = () => undefined;
  let rejectUpload: (error: unknown) => void = () => undefined;
  const { timers, advance } = manualTimers();
  const session = new UploadSession(
    {
      upload: (uid, file, _instructions, onSent) => {
        calls.push(`upload ${uid} ${file.name}`);
        onSent(40);
        return {
          promise: new Promise((resolve, reject) => {
            resolveUpload = resolve;
            rejectUpload = reject;
          }),
          abort: () => {
            calls.push('abort');
            rejectUpload(new DOMException('Upload aborted', 'AbortError'));
          },
        };
      },
      status: async (_uid, uploadId) => {
        calls.push(`status ${uploadId}`);
        const next = statuses.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      cancel: async (_uid, uploadId) => {
        calls.push(`cancel ${uploadId}`);
      },
    },
    notices,
    timers,
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { session, told, calls, advance, settle, uploaded: (uploadId: string) => resolveUpload({ uploadId, filename: 'guidelines.zip' }) };
}

const file = (name = 'guidelines.zip', size = 1000) => ({ name, size }) as File;

describe('UploadSession', () => {
  it('sends the file, polls every 2 s with 25 + 60 % of the server progress, and tells when protocols are ready', async () => {
    const { session, told, calls, advance, settle, uploaded } = setUp([{ status: 'processing', progress: 50 }, { status: 'awaiting_approval', progress: 100, protocols_extracted: 21 }]);
    expect(session.start('u1', file(), '')).toBeNull();
    expect(session.current()).toMatchObject({ phase: 'uploading', sent: 40, progress: 0 });
    uploaded('up_1');
    await settle();
    expect(session.current()).toMatchObject({ phase: 'processing', uploadId: 'up_1', progress: 25 });
    await advance(STATUS_POLL_MS - 1);
    expect(calls).toEqual(['upload u1 guidelines.zip']);
    await advance(1);
    expect(session.current()).toMatchObject({ phase: 'processing', progress: 55 });
    await advance(STATUS_POLL_MS);
    expect(session.current()).toMatchObject({ phase: 'awaiting_approval', progress: 100, extracted: 21 });
    expect(told).toEqual(['ready 21']);
    await advance(10 * STATUS_POLL_MS);
    expect(calls.filter((call) => call.startsWith('status'))).toHaveLength(2);
  });

  it('refuses a second upload, a wrong type and a large file with the spec texts, and ignores one while signed out', () => {
    const { session, calls } = setUp([]);
    expect(session.start(null, file(), '')).toBeNull();
    expect(calls).toEqual([]);
    expect(session.start('u1', file('notes.docx'), '')).toBe('Please upload a ZIP or PDF file.');
    expect(session.start('u1', file('big.zip', 101 * 1024 * 1024), '')).toBe('File too large (101.0 MB). Maximum size is 100MB.');
    session.start('u1', file(), '');
    expect(session.start('u1', file('other.pdf'), '')).toBe('Please wait for the current upload to complete');
  });

  it('aborts the request when cancelled before the upload has an id, and calls the server cancel after', async () => {
    const first = setUp([]);
    first.session.start('u1', file(), '');
    await first.session.cancel();
    expect(first.calls).toEqual(['upload u1 guidelines.zip', 'abort']);
    expect(first.session.current().phase).toBe('cancelled');
    expect(first.told).toEqual(['cancelled']);

    const second = setUp([]);
    second.session.start('u1', file(), '');
    second.uploaded('up_2');
    await second.settle();
    await second.session.cancel();
    expect(second.calls).toEqual(['upload u1 guidelines.zip', 'cancel up_2']);
    await second.advance(10 * STATUS_POLL_MS);
    expect(second.calls).not.toContain('status up_2');
  });

  it('says no protocols were found, that processing failed, or that the status check failed', async () => {
    for (const [status, expected] of [
      [{ status: 'awaiting_approval', progress: 100, protocols_extracted: 0 }, 'none'],
      [{ status: 'error', progress: 10, error: 'No text could be read from scan.pdf.' }, 'failed No text could be read from scan.pdf.'],
      [new Error('offline'), 'status check failed'],
    ] as const) {
      const { session, told, advance, settle, uploaded } = setUp([status]);
      session.start('u1', file(), '');
      uploaded('up_3');
      await settle();
      await advance(STATUS_POLL_MS);
      expect(told).toEqual([expected]);
    }
  });

  it('clears a completed upload after 3 s', async () => {
    const { session, advance, settle, uploaded } = setUp([{ status: 'awaiting_approval', progress: 100, protocols_extracted: 2 }]);
    session.start('u1', file(), '');
    uploaded('up_4');
    await settle();
    await advance(STATUS_POLL_MS);
    session.approved(2);
    expect(session.current()).toMatchObject({ phase: 'completed', indexed: 2 });
    await advance(2_999);
    expect(session.current().phase).toBe('completed');
    await advance(1);
    expect(session.current().phase).toBe('idle');
  });
});
