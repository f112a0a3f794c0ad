import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { EndedSessions, EVENT_BUS, type EventBus } from '@cairn/platform';

/** Ends a session everywhere: refused here at once, and by every other service once it hears `user.signed-out`. */
@Injectable()
export class SessionRevocations {
  constructor(
    private readonly endedSessions: EndedSessions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  async revoke(uid: string, sessionId: string): Promise<void> {
    await this.endedSessions.endSession(sessionId);
    await this.bus.publish(Topics.userSignedOut, { userId: uid, sessionId }, { id: `user.signed-out:${sessionId}`, key: uid });
  }
}
