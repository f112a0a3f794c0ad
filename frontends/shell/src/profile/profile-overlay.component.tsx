import { useId, useState } from 'react';
import { Button, IconButton, ModalDialog, cairnEvents, libraryAccess, useCurrentUser, useHospitalLibrary, userLabel } from '@cairn/frontend-shared';
import { confirmAndLogOut } from '../session/logout';
import { AccountTexts } from './account-texts';
import { DeleteAccountDialog } from './delete-account-dialog.component';
import { ApprovalTrailDialog } from './approval-trail-dialog.component';
import { EditorsSection } from './editors-section.component';
import { OrganisationLine } from './organisation-line.component';
import { RenameAccount } from './rename-account.component';
import { MyProtocols, useUploadedCount } from './my-protocols.component';

/** The provider's photo, or the initials when there is none or it cannot be loaded. */
function Avatar({ photoURL, label }: { photoURL: string | null; label: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (photoURL && failed !== photoURL) return <img className="avatar avatar--large" src={photoURL} alt="" referrerPolicy="no-referrer" onError={() => setFailed(photoURL)} />;
  return (
    <span className="avatar avatar--large" aria-hidden="true">
      {initials(label)}
    </span>
  );
}

interface ProfileOverlayProps {
  generatedCount: number;
  onClose: () => void;
  onLoggedOut: () => void;
}

const initials = (label: string) =>
  label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('') || '?';

/**
 * docs/product-spec.md §2 profile overlay: the Profile tab and the My Protocols tab (with its count); for a
 * member of an organisation its name, the Approval Trail for editors and Editors for the administrator.
 */
export function ProfileOverlay({ generatedCount, onClose, onLoggedOut }: ProfileOverlayProps) {
  const user = useCurrentUser();
  const titleId = useId();
  const [tab, setTab] = useState<'profile' | 'protocols'>('profile');
  const [deleting, setDeleting] = useState(false);
  const [trailOpen, setTrailOpen] = useState(false);
  const library = useHospitalLibrary();
  const organisation = library?.organisation?.name ?? null;
  const access = libraryAccess(library);
  const indexCount = useUploadedCount(user?.uid ?? null);
  const label = user ? userLabel(user) : '';

  const uploadDocuments = () => {
    cairnEvents.emit('upload-open', {});
    onClose();
  };

  return (
    <ModalDialog className="profile-overlay" labelledBy={titleId} onCancel={onClose}>
      <div className="upload-overlay__head">
        <h2 id={titleId} className="modal__title">
          Profile
        </h2>
        <IconButton icon="close" label="Close" onClick={onClose} />
      </div>
      <div className="profile-overlay__tabs" role="tablist" aria-label="Profile sections">
        <button type="button" role="tab" aria-selected={tab === 'profile'} onClick={() => setTab('profile')}>
          Profile
        </button>
        <button type="button" role="tab" aria-selected={tab === 'protocols'} onClick={() => setTab('protocols')}>
          My Protocols{indexCount !== null ? ` (${indexCount})` : ''}
        </button>
      </div>
      {tab === 'profile' ? (
        <div className="profile-overlay__profile" role="tabpanel">
          <Avatar photoURL={user?.photoURL ?? null} label={label} />
          <p className="profile-overlay__name">{label}</p>
          <p className="profile-overlay__email">{user?.email}</p>
          {organisation && <OrganisationLine organisation={organisation} access={access} />}
          <div className="profile-overlay__actions">
            <RenameAccount name={label} />
            <Button icon="upload" onClick={uploadDocuments}>
              Upload Medical Documents
            </Button>
            {access.editor && (
              <Button icon="list" onClick={() => setTrailOpen(true)}>
                Approval Trail
              </Button>
            )}
            <Button icon="logout" onClick={() => void confirmAndLogOut(onLoggedOut)}>
              Log Out
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {AccountTexts.deleteAccount}
            </Button>
          </div>
          {access.administrator && user?.provider === 'password' && <EditorsSection />}
        </div>
      ) : (
        <div role="tabpanel">
          <MyProtocols indexCount={indexCount} generatedCount={generatedCount} onDone={onClose} />
        </div>
      )}
      {trailOpen && organisation && <ApprovalTrailDialog organisation={organisation} onClose={() => setTrailOpen(false)} />}
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} onDeleted={onLoggedOut} />}
    </ModalDialog>
  );
}
