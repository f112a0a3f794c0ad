import { describe, expect, it } from '@jest/globals';
import { chunk } from '../../keyword/keyword-index.contract.js';
import { taskSectionsFirst } from './task-sections.js';

const chunks = [
  chunk({ id: 'nhs#1', section: 'Who it applies to' }),
  chunk({ id: 'nhs#2', section: 'Prevention' }),
  chunk({ id: 'icmr#1', section: 'Recognise probable dengue' }),
  chunk({ id: 'nhs#5', section: 'Care at home' }),
  chunk({ id: 'icmr#4', section: 'Home care for dengue without warning signs' }),
  chunk({ id: 'who#4', section: 'Intravenous fluids for dengue with warning signs' }),
];
const byId = new Map(chunks.map((one) => [one.id, one]));
const ranked = chunks.map((one, index) => ({ id: one.id, score: 1 - index / 10 }));
const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

describe('taskSectionsFirst', () => {
  it("puts a document's sections that answer the asked task into the first of the places the document holds", () => {
    expect(ids(taskSectionsFirst(ranked, byId, 'dengue fever treatment', 50))).toEqual(['nhs#5', 'nhs#1', 'icmr#4', 'nhs#2', 'icmr#1', 'who#4']);
    expect(ids(taskSectionsFirst(ranked, byId, 'how is dengue treated', 50))[0]).toBe('nhs#5');
  });

  it('keeps every document in its places, so the documents rank as before', () => {
    const documents = (hits: { id: string }[]) => ids(hits).map((id) => id.split('#')[0]);
    expect(documents(taskSectionsFirst(ranked, byId, 'dengue management', 50))).toEqual(documents(ranked));
  });

  it('leaves the ranking alone when the query asks for no task, and moves nothing below the depth', () => {
    expect(taskSectionsFirst(ranked, byId, 'dengue fever', 50)).toBe(ranked);
    expect(ids(taskSectionsFirst(ranked, byId, 'dengue fever treatment', 2))).toEqual(['nhs#1', 'nhs#2', 'icmr#1', 'nhs#5', 'icmr#4', 'who#4']);
  });
});
