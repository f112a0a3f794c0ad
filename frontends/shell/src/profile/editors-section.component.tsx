import { useEffect, useId, useState } from 'react';
import { ErrorBox, Spinner, getCairn, toasts } from '@cairn/frontend-shared';
import { isAdministrator, isEditor, loadMembers, setEditor, type OrganisationMember } from './organisation-members.resource';

function MemberRow({ member, busy, onToggle }: { member: OrganisationMember; busy: boolean; onToggle: (editor: boolean) => void }) {
  const id = useId();
  const administrator = isAdministrator(member);
  return (
    <li className="editors__member">
      <input id={id} type="checkbox" checked={isEditor(member)} disabled={administrator || busy} aria-describedby={`${id}-email`} onChange={(event) => onToggle(event.target.checked)} />
      <span className="editors__who">
        <label htmlFor={id} className="editors__name">
          {member.name}
        </label>
        <span id={`${id}-email`} className="editors__email">
          {member.email}
          {administrator && ' · Administrator'}
        </span>
      </span>
    </li>
  );
}

/** For the organisation's administrator: every member, and a tick for each editor. */
export function EditorsSection() {
  const titleId = useId();
  const [members, setMembers] = useState<OrganisationMember[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadMembers(getCairn().api).then(
      (loaded) => current && setMembers(loaded),
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  const toggle = async (member: OrganisationMember, editor: boolean) => {
    const replace = (next: OrganisationMember) => setMembers((shown) => shown?.map((each) => (each.id === next.id ? next : each)) ?? null);
    setBusy(member.id);
    replace({ ...member, roles: editor ? [...member.roles, 'editor'] : member.roles.filter((role) => role !== 'editor') });
    try {
      const saved = await setEditor(getCairn().api, member.id, editor);
      if (saved) replace(saved);
    } catch (error) {
      replace(member);
      toasts.show({ type: 'error', title: 'Editor Not Changed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="editors" aria-labelledby={titleId}>
      <h3 id={titleId} className="editors__title">
        Editors
      </h3>
      <p className="editors__hint">Editors publish protocols to the hospital library and read the approval trail. A change reaches the member at their next session refresh.</p>
      {failed && <ErrorBox>{failed}</ErrorBox>}
      {!members && !failed && <Spinner label="Loading members" />}
      {members && (
        <ul className="editors__list">
          {members.map((member) => (
            <MemberRow key={member.id} member={member} busy={busy === member.id} onToggle={(editor) => void toggle(member, editor)} />
          ))}
        </ul>
      )}
    </section>
  );
}
