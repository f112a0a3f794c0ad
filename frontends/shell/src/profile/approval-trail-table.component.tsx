import { actionLabel, shortChecksum, trailTime } from './approval-trail';
import type { TrailEntry } from './approval-trail.resource';

const COLUMNS = ['When', 'Action', 'Who', 'Protocol', 'Source file', 'SHA-256'] as const;

/** The trail's entries, newest first; on a phone each entry is a card of labelled lines (the roles keep it a table to assistive technology). */
export function ApprovalTrailTable({ entries }: { entries: TrailEntry[] }) {
  return (
    <table className="approval-trail__table" role="table">
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((entry) => (
          <tr key={entry.id} role="row">
            <td role="cell" data-label="When">
              <time dateTime={entry.at}>{trailTime(entry.at)}</time>
            </td>
            <td role="cell" data-label="Action">{actionLabel(entry.action)}</td>
            <td role="cell" data-label="Who">{entry.actor}</td>
            <td role="cell" data-label="Protocol" title={entry.protocolId || undefined}>
              {entry.protocolTitle || entry.protocolId || '–'}
            </td>
            <td role="cell" data-label="Source file" className="approval-trail__file">
              {entry.sourceFile || '–'}
            </td>
            <td role="cell" data-label="SHA-256" className="approval-trail__checksum" title={entry.sourceChecksum || undefined}>
              {shortChecksum(entry.sourceChecksum)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
