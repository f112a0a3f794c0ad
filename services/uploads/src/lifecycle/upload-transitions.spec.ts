import { describe, expect, it } from '@jest/globals';
import type { UploadStatus } from '../jobs/upload-job.js';
import { assertTransition, canMove, IllegalUploadTransition, UPLOAD_TRANSITIONS } from './upload-transitions.js';

const STATUSES: UploadStatus[] = ['uploading', 'processing', 'awaiting_approval', 'completed', 'cancelled', 'error'];

describe('upload transitions', () => {
  it('allow exactly the moves of an upload\'s life: received, generated, regenerated, approved, cancelled while running, failed while running', () => {
    const allowed = STATUSES.flatMap((from) => STATUSES.filter((to) => canMove(from, to)).map((to) => `${from} -> ${to}`));
    expect(allowed).toEqual([
      'uploading -> processing',
      'uploading -> cancelled',
      'uploading -> error',
      'processing -> awaiting_approval',
      'processing -> cancelled',
      'processing -> error',
      'awaiting_approval -> processing',
      'awaiting_approval -> completed',
    ]);
  });

  it('name every status, and leave completed, cancelled and error for good', () => {
    expect(Object.keys(UPLOAD_TRANSITIONS).sort()).toEqual([...STATUSES].sort());
    for (const end of ['completed', 'cancelled', 'error'] as const) expect(UPLOAD_TRANSITIONS[end]).toEqual([]);
  });

  it('reject any other move, naming both statuses', () => {
    expect(() => assertTransition('processing', 'completed')).toThrow(new IllegalUploadTransition('processing', 'completed'));
    expect(() => assertTransition('awaiting_approval', 'cancelled')).toThrow('an upload job cannot move from awaiting_approval to cancelled');
    expect(() => assertTransition('completed', 'processing')).toThrow(IllegalUploadTransition);
    expect(() => assertTransition('cancelled', 'cancelled')).toThrow(IllegalUploadTransition);
    expect(() => assertTransition('uploading', 'processing')).not.toThrow();
  });
});
