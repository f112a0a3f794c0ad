import { useState } from 'react';
import { Button } from '@cairn/frontend-shared';
import { useHospitalPublishing } from '../library/use-hospital-publishing';
import { UploadTexts } from '../upload-texts';

const texts = UploadTexts.hospital;

/** After approval, an editor publishes every protocol of the upload to the hospital library at once. */
export function PublishUpload({ uploadId }: { uploadId: string }) {
  const hospital = useHospitalPublishing();
  const [done, setDone] = useState(false);
  if (!hospital.access.editor) return null;
  const busy = hospital.busy.has(uploadId);
  return (
    <Button
      icon={done ? 'check' : 'upload'}
      disabled={busy || done}
      onClick={() =>
        void hospital.publishUpload(uploadId).then((published) => setDone(published))
      }
    >
      {busy ? texts.publishing : done ? texts.published : texts.publishAll}
    </Button>
  );
}
