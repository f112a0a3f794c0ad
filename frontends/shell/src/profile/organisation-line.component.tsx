import { Icon, type LibraryAccess } from '@cairn/frontend-shared';

/** Under the user's name: their organisation and their role in it. */
export function OrganisationLine({ organisation, access }: { organisation: string; access: LibraryAccess }) {
  const role = access.administrator ? 'Administrator' : access.editor ? 'Editor' : 'Member';
  return (
    <p className="profile-hospital">
      <Icon name="shield" size={16} />
      <span className="profile-hospital__name">{organisation}</span>
      <span className="badge badge--neutral">{role}</span>
    </p>
  );
}
