import { describe, expect, it } from '@jest/globals';
import type { ExtractedSection, ExtractedText } from '@cairn/contracts';
import { MAX_CANDIDATES_PER_DOCUMENT, protocolCandidates } from './protocol-candidates.js';
import { candidateSources } from './upload-protocol-builder.js';

const body = (topic: string) => `Assess every patient with ${topic} on arrival and record the findings. `.repeat(5).trim();
const section = (heading: string, headingSize: number, text: string, page = 1): ExtractedSection => ({ heading, headingSize, text, page });
const document = (sections: ExtractedSection[], title: string | null = 'Ward guideline'): ExtractedText => ({ sourceFile: 'ward_guideline.pdf', title, year: 2024, pages: 3, sections });

describe('protocolCandidates', () => {
  it('splits a document at its top-level headings; smaller headings stay inside their chapter', () => {
    const candidates = protocolCandidates(
      document([
        section('Sepsis', 16, body('sepsis'), 1),
        section('Antibiotics', 13, body('suspected infection'), 2),
        section('Stroke', 16, body('stroke'), 3),
      ]),
      '',
    );
    expect(candidates.map((c) => [c.title, c.sections.map((s) => s.heading)])).toEqual([
      ['Sepsis', ['Sepsis', 'Antibiotics']],
      ['Stroke', ['Stroke']],
    ]);
  });

  it('carries the PDF the text came from into every part, and each source cut from a part names its page', () => {
    const text = { ...document([section('Sepsis', 16, body('sepsis'), 1), section('Stroke', 16, body('stroke'), 3)]), fileRef: 'users/u/uploads/x/files/0.pdf' };
    const candidates = protocolCandidates(text, '');
    expect(candidates.map((c) => c.fileRef)).toEqual(['users/u/uploads/x/files/0.pdf', 'users/u/uploads/x/files/0.pdf']);
    expect(candidateSources(candidates[1]).map((source) => [source.page, source.section])).toEqual([[3, 'ward_guideline.pdf, page 3']]);
    expect(protocolCandidates(document([section('', 0, body('dengue'))]), '')[0]).not.toHaveProperty('fileRef');
  });

  it('keeps a document without repeated headings whole, titled by its title or else its file name', () => {
    expect(protocolCandidates(document([section('', 0, body('dengue'))]), '').map((c) => c.title)).toEqual(['Ward guideline']);
    expect(protocolCandidates(document([section('', 0, body('dengue'))], null), '').map((c) => c.title)).toEqual(['ward guideline']);
  });

  it('joins a chapter too short for a protocol to its neighbour', () => {
    const candidates = protocolCandidates(document([section('Sepsis', 16, body('sepsis')), section('Notes', 16, 'See the annex.'), section('Stroke', 16, body('stroke'))]), '');
    expect(candidates.map((c) => c.title)).toEqual(['Sepsis', 'Stroke']);
    expect(candidates[0].sections.map((s) => s.heading)).toEqual(['Sepsis', 'Notes']);
  });

  it('puts the chapters that match the focus terms first and leaves out the rest', () => {
    const doc = document([section('Sepsis', 16, body('sepsis')), section('Paediatric sepsis', 16, body('children with sepsis')), section('Stroke', 16, body('stroke'))]);
    expect(protocolCandidates(doc, 'Focus on paediatric considerations').map((c) => c.title)).toEqual(['Paediatric sepsis']);
    expect(protocolCandidates(doc, 'sepsis in children').map((c) => c.title)).toEqual(['Paediatric sepsis', 'Sepsis']);
    expect(protocolCandidates(doc, 'malaria').map((c) => c.title)).toEqual(['Sepsis', 'Paediatric sepsis', 'Stroke']);
  });

  it(`caps one document at ${MAX_CANDIDATES_PER_DOCUMENT} protocols`, () => {
    const many = Array.from({ length: 120 }, (_, i) => section(`Chapter ${i}`, 16, body(`condition ${i}`)));
    expect(protocolCandidates(document(many), '')).toHaveLength(MAX_CANDIDATES_PER_DOCUMENT);
  });
});
