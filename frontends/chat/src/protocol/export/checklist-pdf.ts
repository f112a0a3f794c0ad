import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ChecklistDocument } from './checklist-document';
import { toWinAnsi } from './win-ansi';
import { wrapLines } from './wrap-lines';

/** A4 in points, 18 mm margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 51 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_SPACE = 28;
const STEP_INDENT = 22;
const INK = rgb(0.09, 0.14, 0.18);
const MUTED = rgb(0.31, 0.37, 0.44);
const PRIMARY = rgb(0.04, 0.37, 0.52);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

interface Run {
  font: keyof Fonts;
  size: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  /** Space before the block. */
  before?: number;
  /** A number or label hung in the indent of the block's first line. */
  hang?: string;
}

/** Writes blocks of wrapped text top to bottom, starting a new page where a block's next line would not fit. */
class Writer {
  page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** The lines of `text` as they would be written in this run. */
  lines(text: string, run: Run): string[] {
    const font = this.fonts[run.font];
    return wrapLines(toWinAnsi(text), TEXT_WIDTH - (run.indent ?? 0), (line) => font.widthOfTextAtSize(line, run.size));
  }

  /** Starts a new page unless `height` more points fit on this one. */
  keep(height: number) {
    if (this.y - height < PAGE.margin + FOOTER_SPACE) this.newPage();
  }

  write(text: string, run: Run) {
    const font = this.fonts[run.font];
    const leading = run.size * 1.35;
    const lines = this.lines(text, run);
    if (run.before && this.y < PAGE.height - PAGE.margin) this.y -= run.before;
    // A block's first two lines stay together.
    this.keep(leading * Math.min(lines.length, 2));
    lines.forEach((line, index) => {
      if (index > 0) this.keep(leading);
      this.y -= leading;
      const x = PAGE.margin + (run.indent ?? 0);
      if (index === 0 && run.hang) this.page.drawText(toWinAnsi(run.hang), { x: PAGE.margin, y: this.y, size: run.size, font: this.fonts.bold, color: PRIMARY });
      this.page.drawText(line, { x, y: this.y, size: run.size, font, color: run.color ?? INK });
    });
  }

  rule(before = 8) {
    this.keep(before + 12);
    this.y -= before;
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.6, color: rgb(0.84, 0.87, 0.9) });
  }
}

/** Every page's foot: the export date and the version that made it, and the page number. */
function drawFooters(writer: Writer, document: ChecklistDocument) {
  const { regular } = writer.fonts;
  const left = toWinAnsi(`Exported ${document.exportedOn} · ${document.generatedBy}`);
  writer.pages.forEach((page, index) => {
    const number = `Page ${index + 1} of ${writer.pages.length}`;
    const room = TEXT_WIDTH - regular.widthOfTextAtSize(number, 8) - 16;
    const [first] = wrapLines(left, room, (line) => regular.widthOfTextAtSize(line, 8));
    const shown = first === left ? left : `${first.slice(0, -1)}…`;
    page.drawText(shown, { x: PAGE.margin, y: PAGE.margin - 6, size: 8, font: regular, color: MUTED });
    page.drawText(number, { x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(number, 8), y: PAGE.margin - 6, size: 8, font: regular, color: MUTED });
  });
}

/** The checklist as an A4 PDF in the standard fonts: title, numbered steps with their citation numbers, sources, organisations, date and version. */
export async function buildChecklistPdf(document: ChecklistDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(document.title));
  pdf.setCreator(toWinAnsi(document.generatedBy));
  pdf.setProducer('Cairn');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const writer = new Writer(pdf, fonts);

  writer.write(document.label, { font: 'bold', size: 9, color: PRIMARY });
  writer.write(document.title, { font: 'bold', size: 18, before: 2 });
  if (document.details) writer.write(document.details, { font: 'regular', size: 10, color: MUTED, before: 2 });
  if (document.hospital) writer.write(`Hospital library: ${document.hospital}`, { font: 'bold', size: 10, color: rgb(0.07, 0.44, 0.29), before: 2 });
  writer.rule();

  writer.write('Protocol Steps', { font: 'bold', size: 13, before: 10 });
  for (const step of document.steps) {
    writer.write(step.markers ? `${step.text} ${step.markers}` : step.text, { font: 'regular', size: 11, indent: STEP_INDENT, before: 7, hang: `${step.number}.` });
    if (step.explanation) writer.write(step.explanation, { font: 'italic', size: 9.5, color: MUTED, indent: STEP_INDENT, before: 1 });
  }

  if (document.sources.length > 0) {
    writer.rule(12);
    writer.write('Sources', { font: 'bold', size: 13, before: 10 });
    for (const source of document.sources) {
      writer.write(source.title, { font: 'bold', size: 10, indent: STEP_INDENT, before: 7, hang: `[${source.id}]` });
      const details = [source.organisation, source.year, source.hospital && 'Hospital library'].filter(Boolean).join(' · ');
      if (details) writer.write(details, { font: 'regular', size: 9.5, color: MUTED, indent: STEP_INDENT });
      writer.write(source.link, { font: 'regular', size: 9, color: PRIMARY, indent: STEP_INDENT });
    }
  }

  if (document.organisations.length > 0) {
    writer.rule(12);
    writer.write(`Organisations: ${document.organisations.join(', ')}`, { font: 'regular', size: 10, before: 10 });
  }
  writer.write(`Exported ${document.exportedOn}. ${document.generatedBy}.`, { font: 'regular', size: 9, color: MUTED, before: 6 });

  drawFooters(writer, document);
  return pdf.save();
}
