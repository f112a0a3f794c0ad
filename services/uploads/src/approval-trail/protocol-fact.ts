import type { UserProtocol } from '../library/user-protocol.js';
import type { TrailAction, TrailFact } from './trail-entry.js';

/** What the trail records of an action on a user's protocol. */
export const protocolFact = (protocol: UserProtocol, action: TrailAction, detail = ''): TrailFact => ({
  action,
  protocolId: protocol.protocolId,
  protocolTitle: protocol.title,
  sourceFile: protocol.source_file,
  sourceChecksum: protocol.sourceChecksum ?? '',
  detail,
});
