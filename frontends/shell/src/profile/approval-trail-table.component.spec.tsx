import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApprovalTrailTable } from './approval-trail-table.component';

describe('ApprovalTrailTable', () => {
  it('shows When, Action, Who, Protocol, Source file and the SHA-256 shortened, an erased actor by pseudonym', () => {
    const html = renderToStaticMarkup(
      <ApprovalTrailTable
        entries={[
          { id: 't1', at: '2026-11-28T10:00:00.000Z', action: 'publish', actor: 'Erased account 3f9a2c1b', protocolId: 'p1', protocolTitle: 'Lithium toxicity', sourceFile: 'lithium.pdf', sourceChecksum: 'ab'.repeat(32) },
        ]}
      />,
    );
    const cells = [...html.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
    expect(cells.slice(0, 6)).toEqual(['When', 'Action', 'Who', 'Protocol', 'Source file', 'SHA-256']);
    expect(cells.slice(7)).toEqual(['Published', 'Erased account 3f9a2c1b', 'Lithium toxicity', 'lithium.pdf', 'abababababab…']);
    expect(html).toContain(`title="${'ab'.repeat(32)}"`);
  });
});
