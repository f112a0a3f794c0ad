import { z } from 'zod';
import { parseEnv } from '@cairn/platform';
import { DEFAULT_ZIP_LIMITS } from '@cairn/documents';

const MB = 1024 * 1024;

export const uploadsEnvSchema = z.object({
  /** A job whose worker has not reported for this long is taken over by another worker (or after a restart). */
  UPLOAD_JOB_LEASE_MS: z.coerce.number().int().min(200).max(600_000).default(15_000).describe('An upload job whose worker has not reported for this long is resumed by another worker, or by the same service after a restart.'),
  UPLOAD_ZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(DEFAULT_ZIP_LIMITS.maxEntries).describe('ZIP limit: entries.'),
  UPLOAD_ZIP_MAX_TOTAL_MB: z.coerce.number().int().positive().default(DEFAULT_ZIP_LIMITS.maxTotalBytes / MB).describe('ZIP limit: total uncompressed size, in MiB.'),
  UPLOAD_ZIP_MAX_RATIO: z.coerce.number().positive().default(DEFAULT_ZIP_LIMITS.maxRatio).describe('ZIP limit: the expansion ratio above which an entry over 1 MiB is taken for a ZIP bomb.'),
  /** `off` skips OCR of scanned pages (for hosts without tesseract-ocr and poppler-utils). */
  UPLOAD_OCR: z.enum(['on', 'off']).default('on').describe('`off` skips OCR of scanned pages (for hosts without `tesseract-ocr` and `poppler-utils`).'),
  APPROVAL_TRAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(3650).describe('Days an approval trail entry is kept (approve, publish, unpublish, rename, regeneration, deletion, account erasure); older entries are removed at start-up and daily.'),
});

export type UploadsConfig = z.infer<typeof uploadsEnvSchema>;
export const UPLOADS_CONFIG = Symbol('UPLOADS_CONFIG');

export const loadUploadsConfig = (env: NodeJS.ProcessEnv = process.env) => parseEnv(uploadsEnvSchema, env);

export const zipLimits = (config: UploadsConfig) => ({
  maxEntries: config.UPLOAD_ZIP_MAX_ENTRIES,
  maxTotalBytes: config.UPLOAD_ZIP_MAX_TOTAL_MB * MB,
  maxEntryBytes: DEFAULT_ZIP_LIMITS.maxEntryBytes,
  maxRatio: config.UPLOAD_ZIP_MAX_RATIO,
});
