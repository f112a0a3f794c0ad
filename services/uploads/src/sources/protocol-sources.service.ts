import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { protocolBlobs, uploadBlobs, type ProtocolCandidate } from '@cairn/contracts';
import { BLOB_STORE, notFound, type BlobStore } from '@cairn/platform';
import type { UserProtocol } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

export interface SourceFile {
  filename: string;
  size: number;
  content: Readable;
}

/** The original PDFs of a user's protocols, previews (from their upload) and approved ones (from the copy kept at approval), for their owner alone. */
@Injectable()
export class ProtocolSourcesService {
  constructor(
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async open(userId: string, protocolId: string): Promise<SourceFile> {
    const protocol = await this.protocols.get(userId, protocolId);
    if (!protocol) throw notFound('Protocol not found');
    const key = protocol.state === 'preview' ? await this.uploadedFile(protocol, userId) : protocol.sourceFileKept ? protocolBlobs(userId, protocolId).file : null;
    const info = key ? await this.blobs.stat(key) : null;
    const content = info && key ? await this.blobs.stream(key) : null;
    if (!info || !content) throw notFound('The original file of this protocol is not available');
    return { filename: protocol.source_file, size: info.size, content };
  }

  /** The upload's file a preview was generated from, named by the candidate its source part holds; only a file of that upload. */
  private async uploadedFile(preview: UserProtocol, userId: string): Promise<string | null> {
    const candidate = await this.blobs.get(preview.sourceRef);
    if (!candidate) return null;
    let fileRef: string | undefined;
    try {
      fileRef = (JSON.parse(candidate.toString('utf8')) as ProtocolCandidate).fileRef;
    } catch {
      return null;
    }
    return fileRef?.startsWith(`${uploadBlobs(userId, preview.uploadId).prefix}/`) ? fileRef : null;
  }
}
