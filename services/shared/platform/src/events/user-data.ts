import { Topics } from '@cairn/contracts';
import type { EventBus } from './event-bus.port.js';

/** Every service that keeps a user's data erases it when the account is deleted (`user.deleted`). */
export function eraseOnUserDeleted(bus: EventBus, group: string, erase: (userId: string) => Promise<unknown>): Promise<void> {
  return bus.subscribe(Topics.userDeleted, group, async (event) => {
    if (event.payload.userId) await erase(event.payload.userId);
  });
}
