import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DuplicateDocumentError, type Collection, type DocumentStore } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import { actorKey } from './trail-entry.js';

interface PseudonymSecret {
  id: string;
  secret: string;
}

const SECRET_ID = 'pseudonyms';

/** The deployment's secret behind the trail's actor keys: made once, by whichever replica starts first, and kept in the uploads store. */
@Injectable()
export class TrailPseudonyms implements OnModuleInit {
  private readonly secrets: Collection<PseudonymSecret>;
  private secret?: Buffer;

  constructor(@Inject(UPLOADS_STORE) store: DocumentStore) {
    this.secrets = store.collection<PseudonymSecret>('approval_trail_secrets');
  }

  async onModuleInit(): Promise<void> {
    if (!(await this.secrets.get(SECRET_ID))) {
      try {
        await this.secrets.insert({ id: SECRET_ID, secret: randomBytes(32).toString('base64') });
      } catch (error) {
        if (!(error instanceof DuplicateDocumentError)) throw error;
      }
    }
    this.secret = Buffer.from((await this.secrets.get(SECRET_ID))!.secret, 'base64');
  }

  /** The user's key in the trail. */
  keyOf(userId: string): string {
    if (!this.secret) throw new Error('the approval trail is not started');
    return actorKey(userId, this.secret);
  }
}
