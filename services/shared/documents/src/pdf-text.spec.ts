import { describe, expect, it } from '@jest/globals';
import { minimalPdf } from '@cairn/testing';
import { extractPdfText } from './pdf-text.js';

describe('extractPdfText', () => {
  it('reads the title, headings in a larger font and paragraphs', async () => {
    const pdf = minimalPdf(
      [
        { text: 'Snakebite ward protocol', size: 18 },
        { text: 'Immobilise the bitten limb and keep the patient still.' },
        { text: 'Do not apply a tight tourniquet.' },
        { text: 'Antivenom', size: 16 },
        { text: 'Give anti-snake venom when the 20-minute whole blood clotting test is positive.' },
      ],
      'Snakebite management',
    );
    const text = await extractPdfText(new Uint8Array(pdf));
    expect(text.title).toBe('Snakebite management');
    expect(text.pages).toBe(1);
    expect(text.sections.map((s) => s.heading)).toEqual(['Snakebite ward protocol', 'Antivenom']);
    expect(text.sections[0].text).toContain('Immobilise the bitten limb');
    expect(text.sections[1].text).toContain('20-minute whole blood clotting test');
  });

  it('falls back to the first heading when the PDF has no title', async () => {
    const text = await extractPdfText(new Uint8Array(minimalPdf([{ text: 'Heat stroke', size: 18 }, { text: 'Cool the patient at once.' }])));
    expect(text.title).toBe('Heat stroke');
  });

  it('takes no heading from a line without words set large (a rule of dots, a page number)', async () => {
    const pdf = minimalPdf([
      { text: 'Heat stroke', size: 18 },
      { text: 'Cool the patient at once.' },
      { text: '. . . . . 12', size: 18 },
      { text: 'Stop active cooling at 39 C.' },
    ]);
    const text = await extractPdfText(new Uint8Array(pdf));
    expect(text.sections.map((s) => s.heading)).toEqual(['Heat stroke']);
    expect(text.sections[0].text).toContain('Stop active cooling');
  });

  it('rejects bytes that are not a PDF', async () => {
    await expect(extractPdfText(new Uint8Array(Buffer.from('not a pdf at all')))).rejects.toThrow();
  });
});
