import { isEntry, text, type ApiClient } from '@cairn/frontend-shared';

/** A member of the administrator's organisation (`GET /auth/organisation/members`). */
export interface OrganisationMember {
  id: string;
  name: string;
  email: string;
  roles: string[];
}

export const isEditor = (member: OrganisationMember) => member.roles.includes('editor') || member.roles.includes('administrator');
export const isAdministrator = (member: OrganisationMember) => member.roles.includes('administrator');

export function readMember(body: unknown): OrganisationMember | null {
  if (!isEntry(body)) return null;
  const id = text(body.id);
  if (!id) return null;
  const email = text(body.email) ?? '';
  return {
    id,
    name: text(body.name) ?? (email.split('@')[0] || id),
    email,
    roles: Array.isArray(body.roles) ? body.roles.filter((role): role is string => typeof role === 'string') : [],
  };
}

/** The members, administrators first, then by name. */
export async function loadMembers(api: ApiClient): Promise<OrganisationMember[]> {
  const body = await api.get('/auth/organisation/members');
  const list = isEntry(body) && Array.isArray(body.members) ? body.members : [];
  return list
    .map(readMember)
    .filter((member) => member !== null)
    .sort((a, b) => Number(isAdministrator(b)) - Number(isAdministrator(a)) || a.name.localeCompare(b.name));
}

/** Names the member an editor or not; the member as it now stands, when the answer tells. */
export async function setEditor(api: ApiClient, memberId: string, editor: boolean): Promise<OrganisationMember | null> {
  const body = await api.put(`/auth/organisation/members/${encodeURIComponent(memberId)}/roles`, { editor }, { retries: 0 });
  return isEntry(body) ? readMember(body.member) : null;
}
