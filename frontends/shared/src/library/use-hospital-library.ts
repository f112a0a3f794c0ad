import { useEffect, useState } from 'react';
import { cairnEvents } from '../platform/cairn-events';
import { getCairn, useCurrentUser } from '../platform/cairn-services';
import { loadHospitalLibrary, NO_LIBRARY, type HospitalLibrary } from './hospital-library.resource';

/** A role given meanwhile reaches the user's token within its lifetime: the library is read again when the page regains focus after this long. */
export const LIBRARY_MAX_AGE_MS = 5 * 60_000;

/** One request for every module of the page: the shell and each remote share this package. */
let cached: { uid: string; at: number; library: Promise<HospitalLibrary> } | null = null;

function libraryOf(uid: string): Promise<HospitalLibrary> {
  if (cached?.uid !== uid) {
    // A failed load (no library service yet, offline) counts as no organisation until the next change.
    cached = { uid, at: Date.now(), library: loadHospitalLibrary(getCairn().api).catch(() => NO_LIBRARY) };
  }
  return cached.library;
}

cairnEvents.on('hospital-library-changed', () => {
  cached = null;
});

/** The signed-in user's organisation, roles and library (`GET /library`); null while it loads. Reloads on `hospital-library-changed`. */
export function useHospitalLibrary(): HospitalLibrary | null {
  const uid = useCurrentUser()?.uid ?? null;
  const [state, setState] = useState<{ uid: string; library: HospitalLibrary } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const reload = () => setVersion((current) => current + 1);
    const refreshIfOld = () => {
      if (cached && Date.now() - cached.at > LIBRARY_MAX_AGE_MS) cached = null;
      if (!cached) reload();
    };
    window.addEventListener('focus', refreshIfOld);
    const stop = cairnEvents.on('hospital-library-changed', reload);
    return () => {
      window.removeEventListener('focus', refreshIfOld);
      stop();
    };
  }, []);
  useEffect(() => {
    if (!uid) return;
    let current = true;
    void libraryOf(uid).then((library) => current && setState({ uid, library }));
    return () => {
      current = false;
    };
  }, [uid, version]);
  return uid && state?.uid === uid ? state.library : null;
}
