import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadBlobs } from '@cairn/contracts';
import { FileBlobStore, SqliteDocumentStore, type BlobStore } from '@cairn/platform';
import { JobRun } from '../jobs/job-run.js';
import { JobRuns } from '../jobs/job-runs.js';
import type { UploadJob, UploadStage, UploadStatus } from '../jobs/upload-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UploadLifecycle, type UploadOutcome } from './upload-lifecycle.js';
import { IllegalUploadTransition } from './upload-transitions.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const blobRoot = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-lifecycle-'));
  dirs.push(dir);
  return dir;
};

class BlobStoreThatCannotDelete extends FileBlobStore {
  override deletePrefix(): Promise<number> {
    return Promise.reject(new Error('blob store unavailable'));
  }
}

/** A job in `status`, holding the user's running mark, with files, a run here and a wait for generation's answer. */
async function setUp(status: UploadStatus, stage: UploadStage, blobs: BlobStore = new FileBlobStore(blobRoot())) {
  const store = new SqliteDocumentStore(':memory:');
  const jobs = new UploadJobsRepository(store);
  const runs = new JobRuns();
  const lifecycle = new UploadLifecycle(jobs, runs, blobs);
  const opened = await lifecycle.open('u1', 'x1');
  await jobs.startRunning('u1', 'x1');
  const epoch = (await jobs.claim(opened))!;
  const job = (await jobs.update('x1', { status, stage }))!;
  const files = uploadBlobs('u1', 'x1');
  await blobs.put(files.original, Buffer.from('%PDF-1.4'));
  await blobs.put(files.documents, Buffer.from('[]'));
  const run = new JobRun(jobs, 'x1', epoch);
  runs.add(run);
  runs.awaitAnswer('x1');
  return {
    jobs, runs, lifecycle, job, run,
    files: () => blobs.list(files.prefix),
    runningMark: () => store.collection('running_uploads').get('u1'),
  };
}

describe('UploadLifecycle', () => {
  it('opens a job receiving its file, and moves it on to processing once received or regenerated', async () => {
    const { jobs, lifecycle } = await setUp('uploading', 'receiving');
    const opened = await lifecycle.open('u1', 'x2');
    expect(await jobs.byId('x2')).toMatchObject({ status: 'uploading', stage: 'receiving', progress: 0, error: null, epoch: 0 });
    expect(await lifecycle.startProcessing(opened, { stage: 'extracting', filename: 'ward.pdf' })).toMatchObject({ status: 'processing', stage: 'extracting', filename: 'ward.pdf' });
    const reviewed = (await jobs.update('x2', { status: 'awaiting_approval', stage: 'done' }))!;
    expect(await lifecycle.startProcessing(reviewed, { stage: 'generating', progress: 80 })).toMatchObject({ status: 'processing', stage: 'generating', progress: 80 });
  });

  it('refuses to move a finished job on, and writes nothing', async () => {
    const { jobs, lifecycle, job } = await setUp('completed', 'done');
    await expect(lifecycle.startProcessing(job, { stage: 'generating' })).rejects.toThrow(IllegalUploadTransition);
    expect(await jobs.byId('x1')).toMatchObject({ status: 'completed', stage: 'done' });
  });

  it.each<[string, 'kept' | 'deleted', UploadStatus, UploadOutcome, Partial<UploadJob>]>([
    ['generated', 'kept', 'processing', { kind: 'generated', protocolsExtracted: 2 }, { status: 'awaiting_approval', progress: 100, protocolsExtracted: 2 }],
    ['approved', 'deleted', 'awaiting_approval', { kind: 'approved', protocolsIndexed: 2 }, { status: 'completed', progress: 100, protocolsIndexed: 2 }],
    ['cancelled', 'deleted', 'processing', { kind: 'cancelled' }, { status: 'cancelled', error: null }],
    ['cancelled while receiving', 'deleted', 'uploading', { kind: 'cancelled' }, { status: 'cancelled', error: null }],
    ['failed', 'deleted', 'processing', { kind: 'failed', error: 'No text could be read from ward.zip.' }, { status: 'error', error: 'No text could be read from ward.zip.' }],
    ['generation failed', 'kept', 'processing', { kind: 'generation-failed', error: 'Protocol generation failed.' }, { status: 'error', error: 'Protocol generation failed.' }],
  ])('ends a job %s: writes its status, stops the work here, frees the user, and its files are %s', async (_name, files, from, outcome, written) => {
    const s = await setUp(from, from === 'awaiting_approval' ? 'approving' : 'extracting');
    expect(await s.lifecycle.finish(s.job, outcome)).toBe(true);
    expect(await s.jobs.byId('x1')).toMatchObject({ ...written, stage: 'done' });
    expect(s.run.shouldStop).toBe(true);
    expect([...s.runs.awaited()]).toEqual([]);
    expect(await s.runningMark()).toBeNull();
    expect(await s.files()).toEqual(files === 'kept' ? ['users/u1/uploads/x1/extracted/documents.json', 'users/u1/uploads/x1/original'] : []);
  });

  it('removes a discarded job whatever its status, with its files, and frees the user', async () => {
    for (const status of ['uploading', 'awaiting_approval', 'completed'] as const) {
      const s = await setUp(status, status === 'uploading' ? 'receiving' : 'done');
      expect(await s.lifecycle.finish(s.job, { kind: 'discarded' })).toBe(true);
      expect(await s.jobs.byId('x1')).toBeNull();
      expect(s.run.shouldStop).toBe(true);
      expect(await s.runningMark()).toBeNull();
      expect(await s.files()).toEqual([]);
    }
  });

  it('rejects an end its status does not allow, and changes nothing', async () => {
    const s = await setUp('awaiting_approval', 'done');
    await expect(s.lifecycle.finish(s.job, { kind: 'cancelled' })).rejects.toThrow(new IllegalUploadTransition('awaiting_approval', 'cancelled'));
    const done = await setUp('completed', 'done');
    await expect(done.lifecycle.finish(done.job, { kind: 'failed', error: 'late' })).rejects.toThrow(IllegalUploadTransition);
    for (const { jobs, job, run, runningMark, files } of [s, done]) {
      expect(await jobs.byId('x1')).toMatchObject({ status: job.status, error: null });
      expect(run.shouldStop).toBe(false);
      expect(await runningMark()).not.toBeNull();
      expect(await files()).toHaveLength(2);
    }
  });

  it('ends a job through the worker\'s run while the run still holds it, with the files read so far', async () => {
    const s = await setUp('processing', 'extracting');
    const files = [{ name: 'a.pdf', pages: 0, ocr_pages: 0, error: 'the PDF has no pages' }];
    expect(await s.lifecycle.finish(s.job, { kind: 'failed', error: 'No text could be read from a.pdf.', files }, s.run)).toBe(true);
    expect(await s.jobs.byId('x1')).toMatchObject({ status: 'error', stage: 'done', error: 'No text could be read from a.pdf.', files });
    expect(await s.runningMark()).toBeNull();
    expect(await s.files()).toEqual([]);
  });

  it('does nothing through a run that lost the job to another worker or a cancel', async () => {
    const taken = await setUp('processing', 'extracting');
    await taken.jobs.claim((await taken.jobs.byId('x1'))!);
    const cancelled = await setUp('processing', 'extracting');
    await cancelled.jobs.update('x1', { status: 'cancelled', stage: 'done' });
    for (const s of [taken, cancelled]) {
      const before = await s.jobs.byId('x1');
      expect(await s.lifecycle.finish(s.job, { kind: 'failed', error: 'late' }, s.run)).toBe(false);
      expect(await s.jobs.byId('x1')).toMatchObject({ status: before!.status, error: null });
      expect(await s.runningMark()).not.toBeNull();
      expect(await s.files()).toHaveLength(2);
    }
  });

  it('when the files cannot be deleted after a cancel, the job is cancelled, stopped and frees the user, and the error reaches the caller', async () => {
    const s = await setUp('processing', 'extracting', new BlobStoreThatCannotDelete(blobRoot()));
    await expect(s.lifecycle.finish(s.job, { kind: 'cancelled' })).rejects.toThrow('blob store unavailable');
    expect(await s.jobs.byId('x1')).toMatchObject({ status: 'cancelled', stage: 'done' });
    expect(s.run.shouldStop).toBe(true);
    expect(await s.runningMark()).toBeNull();
    expect(await s.files()).toHaveLength(2);
  });

  it('when the files cannot be deleted as a job fails or is approved, it stays unfinished for the sweeper to end again, and the error reaches the caller', async () => {
    const failing = await setUp('processing', 'extracting', new BlobStoreThatCannotDelete(blobRoot()));
    await expect(failing.lifecycle.finish(failing.job, { kind: 'failed', error: 'Processing failed. Please try again.' })).rejects.toThrow('blob store unavailable');
    expect(await failing.jobs.byId('x1')).toMatchObject({ status: 'processing', stage: 'extracting', error: null });
    const approving = await setUp('awaiting_approval', 'approving', new BlobStoreThatCannotDelete(blobRoot()));
    await expect(approving.lifecycle.finish(approving.job, { kind: 'approved', protocolsIndexed: 2 })).rejects.toThrow('blob store unavailable');
    expect(await approving.jobs.byId('x1')).toMatchObject({ status: 'awaiting_approval', stage: 'approving' });
    for (const s of [failing, approving]) {
      expect(await s.runningMark()).not.toBeNull();
      expect(await s.files()).toHaveLength(2);
    }
  });

  it('deletes files written after the work stopped, leaving the job as it is', async () => {
    const s = await setUp('cancelled', 'done');
    await s.lifecycle.deleteLateFiles(s.job);
    expect(await s.files()).toEqual([]);
    expect(await s.jobs.byId('x1')).toMatchObject({ status: 'cancelled' });
  });
});
