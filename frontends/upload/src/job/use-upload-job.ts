import { useSyncExternalStore } from 'react';
import { uploadSession, readyNotification } from './upload-store';

export const useUploadJob = () => useSyncExternalStore(uploadSession.subscribe, uploadSession.current);
export const useReadyNotification = () => useSyncExternalStore(readyNotification.subscribe, readyNotification.current);
