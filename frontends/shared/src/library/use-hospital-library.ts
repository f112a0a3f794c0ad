import { useEffect, useState } from 'react';
import { cairnEvents } from '../platform/cairn-events';
import { getCairn, useCurrentUser } from '../platform/cairn-services';
import { loadHospitalLibrary, NO_LIBRARY, type HospitalLibrary } from './hospital-library.resource';

/** One request for every module of the page: the shell and each remote share this package. */
let cached: { uid: string; library: Promise<HospitalLibrary> } | null = null;

function libraryOf(uid: string): Promise<HospitalLibrary> {
  if (cached?.uid !== uid) {
    // A failed load (no library service yet, offline) counts as no organisation until the next change.
    cached = { uid, library: loadHospitalLibrary(getCairn().api).catch(() => NO_LIBRARY) };
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
  useEffect(() => cairnEvents.on('hospital-library-changed', () => setVersion((current) => current + 1)), []);
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
