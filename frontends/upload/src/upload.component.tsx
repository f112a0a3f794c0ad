import { useId, useState } from 'react';
import { ErrorBox, checkUploadFile, type UploadModuleProps } from '@cairn/frontend-shared';
import { FileDropZone } from './file-drop-zone.component';
import { useTimedMessage } from './use-timed-message';

const REQUIREMENTS = [
  'ZIP containing PDF documents only',
  'Maximum 100MB',
  'PDFs should contain medical protocols or guidelines',
];

export default function UploadModule(_props: UploadModuleProps) {
  const instructionsId = useId();
  const [instructions, setInstructions] = useState('');
  const [fileError, showFileError] = useTimedMessage();

  const acceptFile = (file: File) => {
    const problem = checkUploadFile(file);
    if (problem) return showFileError(problem);
  };

  return (
    <section className="upload-panel" data-testid="remote-upload" aria-labelledby={`${instructionsId}-title`}>
      <h2 id={`${instructionsId}-title`} className="upload-panel__title">
        Upload Medical Documents
      </h2>

      <div className="field">
        <label className="field__label" htmlFor={instructionsId}>
          Custom processing instructions (optional)
        </label>
        <textarea
          id={instructionsId}
          className="field__input field__textarea"
          rows={3}
          placeholder="e.g. Focus on paediatric dosing and contraindications"
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
      </div>

      <FileDropZone onFile={acceptFile} />
      {fileError && <ErrorBox>{fileError}</ErrorBox>}

      <div className="upload-panel__requirements">
        <h3>Requirements</h3>
        <ul>
          {REQUIREMENTS.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
        <p className="upload-panel__hint">Processing takes about 2-5 minutes.</p>
      </div>

      <div className="upload-panel__status">
        <h3>Processing Status</h3>
        <p className="upload-panel__empty">No files uploaded yet</p>
      </div>
    </section>
  );
}
