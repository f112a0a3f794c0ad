import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { protocolBlobs } from '@cairn/contracts';
import { BLOB_STORE, notFound, type BlobStore } from '@cairn/platform';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

export interface SourceFile {
  filename: string;
  size: number;
  content: Readable;
}

/** The original PDFs of a user's approved protocols, for their owner alone. */
@Injectable()
export class ProtocolSourcesService {
  constructor(
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async open(userId: string, protocolId: string): Promise<SourceFile> {
    const protocol = await this.protocols.get(userId, protocolId);
    if (protocol?.state !== 'indexed') throw notFound('Protocol not found');
    const key = protocolBlobs(userId, protocolId).file;
    const info = protocol.sourceFileKept ? await this.blobs.stat(key) : null;
    const content = info ? await this.blobs.stream(key) : null;
    if (!info || !content) throw notFound('The original file of this protocol is not available');
    return { filename: protocol.source_file, size: info.size, content };
  }
}
