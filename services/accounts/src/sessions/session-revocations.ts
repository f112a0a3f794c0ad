import { Injectable } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { EndedSessions, Outbox, type DocumentWrite } from '@cairn/platform';

/** Ends a session everywhere: refused here at once, and by every other service once it hears `user.signed-out`. */
@Injectable()
export class SessionRevocations {
  constructor(
    private readonly endedSessions: EndedSessions,
    private readonly outbox: Outbox,
  ) {}

  /** Commits `sessionDeletion` with the `user.signed-out` that announces it. */
  async revoke(uid: string, sessionId: string, sessionDeletion: DocumentWrite): Promise<void> {
    await this.endedSessions.endSession(sessionId);
    await this.outbox.commit(sessionDeletion, this.outbox.event(Topics.userSignedOut, { userId: uid, sessionId }, { id: `user.signed-out:${sessionId}`, key: uid }));
  }
}
