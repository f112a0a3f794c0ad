import { AppError, isEditor, type AuthenticatedUser, type Organisation } from '@cairn/platform';

export const LibraryMessages = {
  notEditor: 'Only editors can change the hospital library.',
  noOrganisation: 'Your account does not belong to a hospital.',
} as const;

/** The organisation whose library (and approval trail) an editor may change and read; 403 for anyone else. */
export function editorsOrganisation(user: AuthenticatedUser): Organisation {
  if (!user.organisation) throw new AppError(403, 'no_organisation', LibraryMessages.noOrganisation);
  if (!isEditor(user)) throw new AppError(403, 'not_editor', LibraryMessages.notEditor);
  return user.organisation;
}
