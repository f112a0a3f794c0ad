import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { CorrectedQuery } from './corrected-query.component';

describe('CorrectedQuery', () => {
  it("reads 'Showing results for' and the query as searched, escaped", () => {
    const html = renderToStaticMarkup(<CorrectedQuery query="dengue fever <treatment>" />);
    expect(html.replace(/<[^>]+>/g, '')).toBe('Showing results for dengue fever &lt;treatment&gt;');
  });
});
