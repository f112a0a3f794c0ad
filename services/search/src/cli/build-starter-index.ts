import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadPlatformConfig, PlatformModule, type PlatformConfig } from '@cairn/platform';
import { loadSearchConfig } from '../config/search-config.js';
import { StarterCorpusIndexer } from '../indexing/starter-corpus.indexer.js';
import { SearchIndexModule } from '../search-index.module.js';

/**
 * Builds the starter corpus index once, before the search replicas start (the chart's pre-install and
 * pre-upgrade Job). Same configuration as the search service; does nothing when the index is current.
 */
@Module({})
class StarterIndexCliModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: StarterIndexCliModule, imports: [PlatformModule.forRoot(config), SearchIndexModule], providers: [StarterCorpusIndexer] };
  }
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'warn';
  process.env.SEARCH_STARTER_INDEX = 'job';
  let config: PlatformConfig;
  try {
    config = { ...loadPlatformConfig('search', 0), EVENT_BUS: 'in-process' };
    loadSearchConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const app = await NestFactory.createApplicationContext(StarterIndexCliModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const started = Date.now();
    const result = await app.get(StarterCorpusIndexer).ensureIndexed();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      result.rebuilt
        ? `Starter index built: ${result.documents} documents, ${result.chunks} chunks, in ${seconds} s.\n`
        : `Starter index already current: ${result.documents} documents, ${result.chunks} chunks.\n`,
    );
  } finally {
    await app.close();
  }
}

await main();
