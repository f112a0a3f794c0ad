import { describe, expect, it } from '@jest/globals';
import { sniffFileType } from './file-type.js';

describe('sniffFileType', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n...'), 'pdf'],
    ['a PDF with bytes before its header', Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.4')]), 'pdf'],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'zip'],
    ['an empty ZIP', Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0]), 'zip'],
    ['a Windows executable', Buffer.from('MZ\x90\x00'), null],
    ['plain text', Buffer.from('Give oral rehydration salts'), null],
    ['a PDF header past the first KiB', Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.4')]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s', (_name, bytes, type) => {
    expect(sniffFileType(bytes)).toBe(type);
  });
});
