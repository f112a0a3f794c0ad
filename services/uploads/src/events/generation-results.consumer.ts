import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type GeneratedUploadProtocol, type ProtocolRegenerated, type UploadGenerated } from '@cairn/contracts';
import { BLOB_STORE, EVENT_BUS, type BlobStore, type EventBus, type EventEnvelope } from '@cairn/platform';
import { uploadBlobs } from '../jobs/upload-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UploadWorker } from '../jobs/upload-worker.js';
import { toProtocolDocument } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

const GROUP = 'uploads';

/** Preview ids sort in generation order: `up_<upload>_0001`. */
export const previewProtocolId = (uploadId: string, index: number) => `up_${uploadId.replace(/-/g, '').slice(0, 12)}_${String(index + 1).padStart(4, '0')}`;

/** Takes generation's answers: an upload's protocols become its preview; a regenerated protocol replaces its content. */
@Injectable()
export class GenerationResultsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly worker: UploadWorker,
  ) {}

  async onModuleInit(): Promise<void> {
    await Promise.all([
      this.bus.subscribe(Topics.uploadGenerated, GROUP, (event) => this.uploadGenerated(event)),
      this.bus.subscribe(Topics.protocolRegenerated, GROUP, (event) => this.protocolRegenerated(event)),
    ]);
  }

  private async readResult<T>(ref: string): Promise<T | null> {
    const blob = ref ? await this.blobs.get(ref) : null;
    return blob ? (JSON.parse(blob.toString('utf8')) as T) : null;
  }

  private async uploadGenerated(event: EventEnvelope<typeof Topics.uploadGenerated.schema>): Promise<void> {
    const answer: UploadGenerated = event.payload;
    const job = await this.jobs.byId(answer.uploadId);
    if (!job || job.userId !== answer.userId) return;
    const current = job.status === 'processing' && job.stage === 'generating' && job.requestId === event.correlationId;
    if (!current) {
      if (job.status === 'cancelled' || job.status === 'error') await this.blobs.deletePrefix(uploadBlobs(job.userId, job.id).prefix);
      return;
    }
    this.worker.answered(job.id);
    const generated = answer.error ? null : await this.readResult<GeneratedUploadProtocol[]>(answer.resultRef);
    if (!generated) {
      await this.jobs.update(job.id, { status: 'error', stage: 'done', error: answer.error || 'Protocol generation failed.' });
      await this.jobs.stopRunning(job.userId, job.id);
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
    await this.jobs.update(job.id, { status: 'awaiting_approval', stage: 'done', progress: 100, protocolsExtracted: generated.length });
    await this.jobs.stopRunning(job.userId, job.id);
  }

  private async protocolRegenerated(event: EventEnvelope<typeof Topics.protocolRegenerated.schema>): Promise<void> {
    const answer: ProtocolRegenerated = event.payload;
    const protocol = await this.protocols.get(answer.ownerId, answer.protocolId);
    if (!protocol?.regenerating) return;
    const generated = answer.error ? null : await this.readResult<GeneratedUploadProtocol>(answer.resultRef);
    if (answer.resultRef) await this.blobs.delete(answer.resultRef);
    if (!generated) {
      await this.protocols.update(protocol.userId, protocol.protocolId, { regenerating: false });
      return;
    }
    const updated = await this.protocols.update(protocol.userId, protocol.protocolId, {
      regenerating: false,
      intent: generated.intent,
      protocol_data: { ...generated.protocol_data, title: protocol.title },
    });
    if (updated?.state === 'indexed') {
      await this.bus.publish(Topics.protocolUpdated, { protocol: toProtocolDocument(updated) }, { id: `${event.id}:updated`, key: protocol.userId });
    }
  }
}
