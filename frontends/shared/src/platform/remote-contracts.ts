/** Props the shell passes to each remote's `./Module`. Remotes import these types; the shell honours them. */

export type SearchScope = 'all' | 'user' | 'global' | 'hospital';

export const SEARCH_SCOPES: ReadonlyArray<{ value: SearchScope; label: string }> = [
  { value: 'all', label: 'All Protocols' },
  { value: 'user', label: 'My Protocols' },
  { value: 'global', label: 'Global Only' },
];

/** The organisation's library alone; offered only to members of an organisation (docs/hospital-library.md, "Search"). */
export const HOSPITAL_SCOPE: { value: SearchScope; label: string } = { value: 'hospital', label: 'Hospital' };

export interface ChatModuleProps {
  /** Prefills the message box, e.g. from `/dashboard?q=...`. */
  initialQuery?: string;
  /** Sends `initialQuery` at once instead (a new topic opened in its own tab). */
  autoSend?: boolean;
  onSend?: (message: string, scope: SearchScope) => void;
  /** The chat's title changed: it becomes the title of the protocol it answered with. */
  onTitleChange?: (title: string) => void;
  /** A saved conversation (`conv_*`) the chat continues: its messages are loaded, and new ones saved under that id. */
  conversationId?: string;
  /** Shows this saved checklist alone ('Saved:' tab): no search box; unstarring it ends the tab. */
  savedProtocolId?: string;
  /** The conversation was saved under this id: a tab restored later continues it. */
  onConversationSaved?: (conversationId: string) => void;
}

export interface SidebarModuleProps {
  collapsed: boolean;
  onNewSearch: () => void;
  /** Absent until the profile overlay exists; the Profile button is disabled meanwhile. */
  onOpenProfile?: () => void;
}

/**
 * The upload remote is mounted in three places:
 * - `overlay`: once per dashboard, always mounted so an upload keeps going while the overlay is closed;
 *   it opens on `upload-open` and closes itself.
 * - `preview`: the content of a `generated-protocols` tab for `uploadId`.
 * - `index`: the content of the `protocol-index` tab ('Your Protocol Index').
 */
export type UploadView = 'overlay' | 'preview' | 'index';

export interface UploadModuleProps {
  view: UploadView;
  /** The upload whose generated protocols a `preview` shows. */
  uploadId?: string;
}
