import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { calibrationFingerprint, calibrationPath } from './calibration-fingerprint.js';

describe('the shipped relevance calibration', () => {
  it('was fitted on the code and data as they are now (else run `npm run calibrate:relevance`)', () => {
    const shipped = JSON.parse(readFileSync(calibrationPath, 'utf8')) as { fingerprint: string };
    expect({ fingerprint: shipped.fingerprint, fix: 'npm run calibrate:relevance' }).toEqual({ fingerprint: calibrationFingerprint(), fix: 'npm run calibrate:relevance' });
  });
});
