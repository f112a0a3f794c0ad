import { describe, expect, it } from '@jest/globals';
import { buildGenerateRequest } from '@cairn/frontend-shared';
import { testProtocol } from '../protocol/protocol.fixture';
import { withHospitals, withSourceFiles } from './hospital-snippets';
import { testHit } from './search-hits.fixture';

describe('snippets from the hospital library', () => {
  it('carry the hospital of their hit', () => {
    const library = { ...testHit(1), source: { ...testHit(1).source, owner: 'hospital', hospital: "St Mary's Hospital" } };
    const hits = [testHit(2), library];
    const request = withHospitals(buildGenerateRequest('dengue', hits), hits);
    expect(request.context_snippets.map((snippet) => (typeof snippet === 'string' ? snippet : (snippet as { hospital?: string }).hospital))).toEqual([undefined, "St Mary's Hospital"]);
  });

  it('leave a request without library hits as it is', () => {
    const request = buildGenerateRequest('dengue', [testHit(1)]);
    expect(withHospitals(request, [testHit(1)])).toBe(request);
    const bare = buildGenerateRequest('dengue', []);
    expect(withHospitals(bare, [])).toBe(bare);
  });
});

describe('citations of uploaded protocols', () => {
  it('name the file a hit of the same title (or title — section) was read from', () => {
    const library = { ...testHit(1), source: { ...testHit(1).source, title: 'Lithium toxicity', section: 'Management', source_file: 'lithium-toxicity.pdf' } };
    const protocol = testProtocol({
      citations: [
        { id: 1, source: 'Lithium toxicity — Management', organization: 'User upload', year: 2026, region: '', url: '', excerpt: '' },
        { id: 2, source: 'Lithium toxicity', organization: 'User upload', year: 2026, region: '', url: '', excerpt: '' },
        { id: 3, source: 'Dengue: warning signs', organization: 'WHO', year: 2021, region: '', url: 'https://who.int', excerpt: '' },
      ],
    });
    expect(withSourceFiles(protocol, [library, testHit(2)]).citations.map((citation) => citation.sourceFile)).toEqual(['lithium-toxicity.pdf', 'lithium-toxicity.pdf', undefined]);
    expect(withSourceFiles(protocol, [testHit(2)])).toBe(protocol);
  });
});
