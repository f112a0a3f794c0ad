import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { protocolBlobs, Topics, uploadBlobs, type ExtractedDocument, type ExtractedDocumentRef, type ExtractedText, type GeneratedUploadProtocol, type ProtocolCandidate } from '@cairn/contracts';
import { BLOB_STORE, crashPoint, EVENT_BUS, Outbox, type BlobStore, type EventBus, type EventEnvelope } from '@cairn/platform';
import { protocolCandidates } from './protocol-candidates.js';
import { UploadProtocolBuilder } from './upload-protocol-builder.js';

const GROUP = 'generation';

type UploadRequest = EventEnvelope<typeof Topics.uploadExtracted.schema> | EventEnvelope<typeof Topics.uploadRegenerationRequested.schema>;

/**
 * Generates protocols from uploaded documents (`upload.extracted`, `upload.regeneration-requested`)
 * and regenerates single protocols (`protocol.regeneration-requested`). The answer to a request is
 * kept under its correlation id: a request sent again gets the same answer, never a second set.
 */
@Injectable()
export class UploadGenerationConsumer implements OnModuleInit {
  private readonly logger = new Logger('UploadGeneration');

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    private readonly builder: UploadProtocolBuilder,
  ) {}

  async onModuleInit(): Promise<void> {
    await Promise.all([
      this.bus.subscribe(Topics.uploadExtracted, GROUP, (event) => this.generateUpload(event)),
      this.bus.subscribe(Topics.uploadRegenerationRequested, GROUP, (event) => this.generateUpload(event)),
      this.bus.subscribe(Topics.protocolRegenerationRequested, GROUP, (event) => this.regenerateProtocol(event)),
    ]);
  }

  private async json<T>(key: string): Promise<T | null> {
    const blob = key ? await this.blobs.get(key) : null;
    return blob ? (JSON.parse(blob.toString('utf8')) as T) : null;
  }

  private async documents(payload: { documents: ExtractedDocument[]; documentsRef: string }): Promise<Pick<ExtractedDocumentRef, 'index' | 'sourceFile' | 'textRef'>[] | null> {
    if (payload.documents.length > 0) return payload.documents.map((doc, index) => ({ index, sourceFile: doc.sourceFile, textRef: doc.textRef }));
    return this.json<ExtractedDocumentRef[]>(payload.documentsRef);
  }

  private async generateUpload(event: UploadRequest): Promise<void> {
    const { uploadId, userId, customPrompt } = event.payload;
    const files = uploadBlobs(userId, uploadId);
    const resultRef = files.generated(event.correlationId);
    const answer = (protocolCount: number, error = '') =>
      this.outbox.publish(Topics.uploadGenerated, { uploadId, userId, resultRef: error ? '' : resultRef, protocolCount, error }, { id: `${event.correlationId}:generated`, correlationId: event.correlationId, causationId: event.id, key: userId });
    const earlier = await this.json<GeneratedUploadProtocol[]>(resultRef);
    if (earlier) return void (await answer(earlier.length));
    const documents = await this.documents(event.payload);
    if (!documents) return void (await answer(0, 'The text of this upload is no longer available. Please upload it again.'));
    const protocols: GeneratedUploadProtocol[] = [];
    try {
      for (const document of documents) {
        const text = await this.json<ExtractedText>(document.textRef);
        if (!text) continue;
        for (const [index, candidate] of protocolCandidates(text, this.builder.focusTerms(customPrompt)).entries()) {
          const sourceRef = files.candidate(document.index, index);
          const protocol = await this.builder.build(candidate, customPrompt, sourceRef);
          if (!protocol) continue;
          await this.blobs.put(sourceRef, Buffer.from(JSON.stringify(candidate)));
          protocols.push(protocol);
          crashPoint('generation.generating');
        }
      }
    } catch (error) {
      this.logger.error({ err: error, uploadId }, 'upload generation failed');
      return void (await answer(0, `Protocol generation failed: ${(error as Error).message}`));
    }
    await this.blobs.put(resultRef, Buffer.from(JSON.stringify(protocols)));
    await answer(protocols.length);
  }

  private async regenerateProtocol(event: EventEnvelope<typeof Topics.protocolRegenerationRequested.schema>): Promise<void> {
    const { protocolId, ownerId, customPrompt, sourceTextRef } = event.payload;
    const resultRef = protocolBlobs(ownerId, protocolId).regenerated(event.correlationId);
    const answer = (error = '') =>
      this.outbox.publish(Topics.protocolRegenerated, { protocolId, ownerId, resultRef: error ? '' : resultRef, error }, { id: `${event.correlationId}:regenerated`, correlationId: event.correlationId, causationId: event.id, key: ownerId });
    if (await this.blobs.stat(resultRef)) return void (await answer());
    const candidate = await this.json<ProtocolCandidate>(sourceTextRef);
    if (!candidate) return void (await answer('The source text of this protocol is no longer available.'));
    const protocol = await this.builder.build(candidate, customPrompt, sourceTextRef).catch((error: unknown) => {
      this.logger.error({ err: error, protocolId }, 'protocol regeneration failed');
      return null;
    });
    if (!protocol) return void (await answer('No protocol steps could be generated from the source with these instructions.'));
    await this.blobs.put(resultRef, Buffer.from(JSON.stringify(protocol)));
    await answer();
  }
}
