import { spawn } from 'node:child_process';
import type { PageOcr } from './pdf-text.js';

const OCR_RESOLUTION_DPI = 200;
const OCR_TIMEOUT_MS = 60_000;

function run(command: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: OCR_TIMEOUT_MS });
    const output: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(output));
      else reject(new Error(`${command} failed (${signal ?? code}): ${errors.trim().slice(0, 300)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** Whether poppler's pdftoppm and tesseract are installed. */
export async function ocrAvailable(): Promise<boolean> {
  try {
    await run('pdftoppm', ['-v']);
    await run('tesseract', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** OCR of the pages of a PDF file on disk: poppler renders a page, tesseract reads it (English). */
export function popplerTesseractOcr(pdfPath: string): PageOcr {
  return async (pageNumber) => {
    const page = String(pageNumber);
    const image = await run('pdftoppm', ['-f', page, '-l', page, '-r', String(OCR_RESOLUTION_DPI), '-gray', '-png', pdfPath]);
    return (await run('tesseract', ['stdin', 'stdout', '-l', 'eng'], image)).toString('utf8');
  };
}
