import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadPlatformConfig, PlatformModule, type PlatformConfig } from '@cairn/platform';
import { CorpusIngester, type IngestReport } from '../ingest/corpus-ingester.js';
import { SearchIndexModule } from '../search-index.module.js';
import { ProgressBar } from './progress-bar.js';

const USAGE = `Usage: npm run ingest -- <folder> --organization <name> [--region <region>] [--year <year>]

Loads every PDF and markdown file under <folder> into Cairn's global protocol corpus.
Files already ingested (same content) are skipped; unreadable files are reported, not fatal.
Uses the same configuration as the search service (DATA_DIR, SEARCH_KEYWORD_INDEX, EMBEDDER, ...).`;

@Module({})
class IngestCliModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: IngestCliModule, imports: [PlatformModule.forRoot(config), SearchIndexModule], providers: [CorpusIngester] };
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function parseCommandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        organization: { type: 'string' },
        region: { type: 'string', default: 'Global' },
        year: { type: 'string', default: String(new Date().getFullYear()) },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const [folder] = parsed.positionals;
  if (!folder) fail('Missing <folder>.');
  const path = resolve(folder);
  if (!existsSync(path) || !statSync(path).isDirectory()) fail(`Not a folder: ${path}`);
  if (!parsed.values.organization?.trim()) fail('Missing --organization (e.g. --organization WHO).');
  const year = Number(parsed.values.year);
  if (!Number.isInteger(year) || year < 1900 || year > 2100) fail(`--year must be a year, got ${parsed.values.year}`);
  return { folder: path, metadata: { organization: parsed.values.organization.trim(), region: parsed.values.region!.trim(), year } };
}

function printReport(report: IngestReport, seconds: number): void {
  const chunks = report.ingested.reduce((sum, entry) => sum + entry.chunks, 0);
  process.stdout.write(
    `\nIngested ${report.ingested.length} file(s), ${chunks} chunks, in ${seconds.toFixed(1)} s; ` +
      `skipped ${report.skipped.length}; failed ${report.failed.length}.\n`,
  );
  for (const entry of report.skipped) process.stdout.write(`  skipped  ${entry.file}: ${entry.reason}\n`);
  for (const entry of report.failed) process.stdout.write(`  FAILED   ${entry.file}: ${entry.reason}\n`);
}

async function main(): Promise<void> {
  const { folder, metadata } = parseCommandLine();
  process.env.LOG_LEVEL ??= 'warn';
  let config: PlatformConfig;
  try {
    // The CLI only writes to the indexes: it must never join the service's Kafka consumer groups.
    config = { ...loadPlatformConfig('search', 0), EVENT_BUS: 'in-process' };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const app = await NestFactory.createApplicationContext(IngestCliModule.forRoot(config), { logger: ['error', 'warn'] });
  const started = Date.now();
  const bar = new ProgressBar();
  try {
    const report = await app.get(CorpusIngester).ingestFolder(folder, metadata, ({ done, total, chunks, report: current }) =>
      bar.update(done, total, `files · ${chunks} chunks · ${current.skipped.length} skipped · ${current.failed.length} failed`),
    );
    printReport(report, (Date.now() - started) / 1000);
    process.exitCode = report.ingested.length === 0 && report.failed.length > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

await main();
