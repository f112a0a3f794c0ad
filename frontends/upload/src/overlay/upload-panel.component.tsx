import { useState } from 'react';
import { ErrorBox, TextAreaField, useCurrentUser } from '@cairn/frontend-shared';
import { uploadSession } from '../job/upload-store';
import { isActive } from '../job/upload-status';
import { useUploadJob } from '../job/use-upload-job';
import { UploadTexts } from '../upload-texts';
import { useTimedMessage } from '../use-timed-message';
import { FileDropZone } from './file-drop-zone.component';
import { ProcessingStatus } from './processing-status.component';

export function UploadPanel({ titleId }: { titleId: string }) {
  const user = useCurrentUser();
  const job = useUploadJob();
  const [instructions, setInstructions] = useState('');
  const [fileError, showFileError] = useTimedMessage();

  const acceptFile = (file: File) => {
    const problem = uploadSession.start(user?.uid ?? null, file, instructions.trim());
    if (problem) showFileError(problem);
  };

  return (
    <section className="upload-panel" aria-labelledby={titleId}>
      <TextAreaField label={UploadTexts.instructionsLabel} rows={3} placeholder={UploadTexts.instructionsPlaceholder} value={instructions} onChange={setInstructions} />

      <FileDropZone busy={isActive(job.phase)} onFile={acceptFile} />
      {fileError && <ErrorBox>{fileError}</ErrorBox>}

      <div className="upload-panel__requirements">
        <h3>{UploadTexts.requirementsTitle}</h3>
        <ul>
          {UploadTexts.requirements.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
        <p className="upload-panel__hint">{UploadTexts.hint}</p>
      </div>

      <div className="upload-panel__status">
        <h3>{UploadTexts.statusTitle}</h3>
        <ProcessingStatus job={job} onCancel={() => void uploadSession.cancel()} />
      </div>
    </section>
  );
}
