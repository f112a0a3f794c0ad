import { expectSuccess, savedProtocolId, text, type ApiClient } from '@cairn/frontend-shared';
import { toProtocolPayload, type ProtocolData } from './protocol';

const userPath = (uid: string, protocolId: string) =>
  `/protocols/saved/${encodeURIComponent(uid)}/${encodeURIComponent(protocolId)}`;

/** docs/product-spec.md §7: the body is the protocol itself, with its id, its fields (steps as a checklist) and its intent. */
export const savedProtocolBody = (protocol: ProtocolData) => ({ id: savedProtocolId(protocol.title), ...toProtocolPayload(protocol) });

/** Stars the protocol; the service derives the id from the title and tells whether it was saved already. */
export async function saveProtocol(api: ApiClient, uid: string, protocol: ProtocolData): Promise<{ protocolId: string | null; wasDuplicate: boolean }> {
  const body = expectSuccess(
    await api.post('/protocols/save', savedProtocolBody(protocol), { query: { user_id: uid } }),
    'save protocol',
  );
  return { protocolId: text(body.protocol_id), wasDuplicate: body.was_duplicate === true };
}

export async function unsaveProtocol(api: ApiClient, uid: string, protocolId: string): Promise<void> {
  expectSuccess(await api.delete(userPath(uid, protocolId)), 'delete protocol');
}

export async function isProtocolSaved(api: ApiClient, uid: string, protocolId: string, signal?: AbortSignal): Promise<boolean> {
  const body = expectSuccess(await api.get(`${userPath(uid, protocolId)}/check`, { signal }), 'check protocol');
  return body.is_saved === true;
}
