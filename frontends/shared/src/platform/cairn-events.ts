/** A saved protocol as the sidebar lists it. */
export interface SavedProtocolSummary {
  id: string;
  title: string;
  organization: string | null;
  region: string | null;
  year: number | string | null;
  savedAt: string;
}

/** What one module tells the others; remotes never import each other, they talk through this channel. */
export interface CairnEvents {
  'saved-protocol-added': SavedProtocolSummary;
  'saved-protocol-removed': { id: string };
  /** The sidebar refreshes Recent Searches. */
  'conversations-changed': { conversationId: string };
  /** A new topic asked in a chat that shows a protocol goes to a new tab, where the query runs. */
  'chat-tab-open': { title: string; query: string };
  /** A Recent Searches card was chosen: the shell opens (or focuses) a chat tab continuing that conversation. */
  'conversation-open': { conversationId: string; title: string };
  /** A Saved Checklists card was chosen: the shell opens (or focuses) its 'Saved:' tab. */
  'saved-protocol-open': { id: string; title: string };
  /** A conversation was deleted: the shell closes its tabs. */
  'conversation-deleted': { conversationId: string };
  /** Opens the upload overlay (profile 'Upload Medical Documents', My Protocols 'Upload'). */
  'upload-open': Record<string, never>;
  /** The shell opens (or focuses) a tab: the generated protocols of an upload, or 'Your Protocol Index'. */
  'upload-tab-open': { kind: 'generated-protocols'; uploadId: string; count: number } | { kind: 'protocol-index' };
  /** How many generated protocols an upload has awaiting approval now (0 once approved or cleared). */
  'generated-protocols-changed': { uploadId: string; count: number };
  /** A generated-protocols tab is done with (Clear All, approved): the shell closes it. */
  'upload-tab-close': { uploadId: string };
  /** The user's uploaded protocols changed (approved, renamed, deleted): counts and lists reload. */
  'uploaded-protocols-changed': { total?: number };
  /** The hospital library changed (a protocol published or unpublished): `useHospitalLibrary` reloads. */
  'hospital-library-changed': Record<string, never>;
}

export type EventListener<T> = (payload: T) => void;

export interface EventChannel<M> {
  emit<K extends keyof M>(type: K, payload: M[K]): void;
  /** Returns the unsubscribe function. */
  on<K extends keyof M>(type: K, listener: EventListener<M[K]>): () => void;
}

export function createEventChannel<M>(): EventChannel<M> {
  const listeners = new Map<keyof M, Set<EventListener<never>>>();
  return {
    emit(type, payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as EventListener<typeof payload>)(payload);
        } catch (error) {
          console.error(`[cairn] a listener of '${String(type)}' failed`, error);
        }
      }
    },
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(listener as EventListener<never>);
      return () => {
        set.delete(listener as EventListener<never>);
      };
    },
  };
}

/** The app's channel. This package is a Module Federation singleton, so every remote gets this one. */
export const cairnEvents = createEventChannel<CairnEvents>();
