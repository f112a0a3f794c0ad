/** Props the shell passes to each remote's `./Module`. Remotes import these types; the shell honours them. */

export type SearchScope = 'all' | 'user' | 'global';

export const SEARCH_SCOPES: ReadonlyArray<{ value: SearchScope; label: string }> = [
  { value: 'all', label: 'All Protocols' },
  { value: 'user', label: 'My Protocols' },
  { value: 'global', label: 'Global Only' },
];

export interface ChatModuleProps {
  /** Prefills the message box, e.g. from `/dashboard?q=...`. */
  initialQuery?: string;
  onSend?: (message: string, scope: SearchScope) => void;
  /** The chat's title changed: it becomes the title of the protocol it answered with. */
  onTitleChange?: (title: string) => void;
}

export interface SidebarModuleProps {
  collapsed: boolean;
  onNewSearch: () => void;
  /** Absent until the profile overlay exists; the Profile button is disabled meanwhile. */
  onOpenProfile?: () => void;
}

export interface UploadModuleProps {
  /** Receives a file that passed the client-side checks, with the optional processing instructions. */
  onFileAccepted?: (file: File, instructions: string) => void;
}
