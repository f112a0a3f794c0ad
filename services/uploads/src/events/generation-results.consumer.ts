import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type GeneratedUploadProtocol, type UploadGenerated } from '@cairn/contracts';
import { BLOB_STORE, EVENT_BUS, type BlobStore, type EventBus, type EventEnvelope } from '@cairn/platform';
import { JobRuns } from '../jobs/job-runs.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

export const GROUP = 'uploads';

export async function readResult<T>(blobs: BlobStore, ref: string): Promise<T | null> {
  const blob = ref ? await blobs.get(ref) : null;
  return blob ? (JSON.parse(blob.toString('utf8')) as T) : null;
}

/** Preview ids sort in generation order: `up_<upload>_0001`. */
export const previewProtocolId = (uploadId: string, index: number) => `up_${uploadId.replace(/-/g, '').slice(0, 12)}_${String(index + 1).padStart(4, '0')}`;

/** Takes generation's answers to uploads: an upload's protocols become its preview. */
@Injectable()
export class GenerationResultsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly runs: JobRuns,
    private readonly lifecycle: UploadLifecycle,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(Topics.uploadGenerated, GROUP, (event) => this.uploadGenerated(event));
  }

  private async uploadGenerated(event: EventEnvelope<typeof Topics.uploadGenerated.schema>): Promise<void> {
    const answer: UploadGenerated = event.payload;
    const job = await this.jobs.byId(answer.uploadId);
    if (!job || job.userId !== answer.userId) return;
    const current = job.status === 'processing' && job.stage === 'generating' && job.requestId === event.correlationId;
    if (!current) {
      if (job.status === 'cancelled' || job.status === 'error') await this.lifecycle.deleteLateFiles(job);
      return;
    }
    this.runs.answered(job.id);
    const generated = answer.error ? null : await readResult<GeneratedUploadProtocol[]>(this.blobs, answer.resultRef);
    if (!generated) {
      await this.lifecycle.finish(job, { kind: 'generation-failed', error: answer.error || 'Protocol generation failed.' });
      return;
    }
    await this.protocols.deletePreviews(job.id);
    const now = new Date().toISOString();
    for (const [index, protocol] of generated.entries()) {
      await this.protocols.put({
        userId: job.userId,
        protocolId: previewProtocolId(job.id, index),
        uploadId: job.id,
        state: 'preview',
        title: protocol.title,
        intent: protocol.intent,
        source_file: protocol.source_file,
        organization: protocol.organization,
        region: protocol.region,
        year: protocol.year,
        protocol_data: protocol.protocol_data,
        sourceRef: protocol.source_ref,
        regenerating: false,
        created_at: now,
        updated_at: now,
      });
    }
    await this.lifecycle.finish(job, { kind: 'generated', protocolsExtracted: generated.length });
  }
}
