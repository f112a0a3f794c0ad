import { Button } from '@cairn/frontend-shared';
import { isActive, statusLabel, statusText, type UploadJobView } from '../job/upload-status';
import { UploadTexts } from '../upload-texts';

function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="upload-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="upload-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}

export function ProcessingStatus({ job, onCancel }: { job: UploadJobView; onCancel: () => void }) {
  if (job.phase === 'idle') return <p className="upload-panel__empty">{UploadTexts.noFiles}</p>;
  const failed = job.phase === 'error' || job.phase === 'failed';
  return (
    <div className={`upload-job upload-job--${job.phase}`} data-testid="upload-job">
      <div className="upload-job__head">
        <span className="upload-job__file" title={job.filename}>
          {job.filename}
        </span>
        <span className="upload-job__label">{statusLabel(job.phase)}</span>
      </div>
      <p className={failed ? 'upload-job__text is-error' : 'upload-job__text'} role={failed ? 'alert' : 'status'}>
        {statusText(job)}
      </p>
      {job.phase === 'uploading' && <ProgressBar label="File upload" value={job.sent} />}
      {job.phase !== 'uploading' && job.phase !== 'cancelled' && !failed && <ProgressBar label="Processing" value={job.progress} />}
      {(job.extracted !== null || job.indexed !== null) && (
        <p className="upload-job__counts">
          {job.extracted !== null && <span>Protocols extracted: {job.extracted}</span>}
          {job.indexed !== null && <span>Protocols indexed: {job.indexed}</span>}
        </p>
      )}
      {job.unread.length > 0 && (
        <details className="upload-job__unread">
          <summary>{UploadTexts.unreadFiles(job.unread.length)}</summary>
          <ul>
            {job.unread.map((file, index) => (
              <li key={`${index}:${file.name}`}>
                <span className="upload-job__unread-name">{file.name}</span>: {file.error}
              </li>
            ))}
          </ul>
        </details>
      )}
      {isActive(job.phase) && (
        <Button size="sm" variant="danger" onClick={onCancel}>
          {UploadTexts.cancel}
        </Button>
      )}
    </div>
  );
}
