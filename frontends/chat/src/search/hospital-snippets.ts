import type { GenerateRequest } from '@cairn/frontend-shared';
import type { ProtocolData } from '../protocol/protocol';
import type { SearchHit } from './search.resource';

/**
 * The context snippets with the hospital of each hit from the library, so the checklist's citations of
 * it keep the organisation's name (docs/hospital-library.md, "Search"). Snippets follow the hits in order.
 */
export function withHospitals(request: GenerateRequest, hits: readonly SearchHit[]): GenerateRequest {
  const snippets = request.context_snippets;
  if (!hits.some((hit) => hit.source.hospital)) return request;
  return {
    ...request,
    context_snippets: snippets.map((snippet, index) => {
      const hospital = hits[index]?.source.hospital;
      return typeof snippet === 'string' || !hospital ? snippet : { ...snippet, hospital };
    }) as GenerateRequest['context_snippets'],
  };
}

/**
 * The protocol's citations with the file each was read from, where a hit of the search names it: the
 * generator cites a source as its title, or 'title — section'. An export names the file of a source
 * that has no public page (a hospital library protocol).
 */
export function withSourceFiles(protocol: ProtocolData, hits: readonly SearchHit[]): ProtocolData {
  const files = new Map<string, string>();
  for (const { source } of hits) {
    if (!source.source_file) continue;
    files.set(source.title, source.source_file);
    if (source.section) files.set(`${source.title} — ${source.section}`, source.source_file);
  }
  if (files.size === 0) return protocol;
  return {
    ...protocol,
    citations: protocol.citations.map((citation) => {
      const sourceFile = citation.sourceFile ?? files.get(citation.source);
      return sourceFile ? { ...citation, sourceFile } : citation;
    }),
  };
}
