import { describe, expect, it } from '@jest/globals';
import { readChatShorthand } from './chat-shorthand.js';

describe('readChatShorthand', () => {
  it('writes out the words clinicians shorten as they type', () => {
    expect(readChatShorthand('shd I start abx in pts w/o fever?')).toBe('should I start antibiotics in patients without fever?');
    expect(readChatShorthand('which outpts still get antivirals?')).toBe('which outpatients still get antivirals?');
    expect(readChatShorthand('Hx of asthma, mx w/ salbutamol b/c of wheeze')).toBe('history of asthma, management with salbutamol because of wheeze');
  });

  it('reads OD as once daily after a dose and as an overdose elsewhere', () => {
    expect(readChatShorthand('what signs shd make me think opioid OD?')).toBe('what signs should make me think opioid overdose?');
    expect(readChatShorthand('amoxicillin 500 mg OD or BD?')).toBe('amoxicillin 500 mg once daily or twice daily?');
  });

  it('leaves capitals that mean something else, and words that only contain shorthand', () => {
    expect(readChatShorthand('check PT and factor IX')).toBe('check PT and factor IX');
    expect(readChatShorthand('the tx-resistant case, a txt from the ward, 20/10 odds')).toBe('the tx-resistant case, a txt from the ward, 20/10 odds');
    expect(readChatShorthand('CD4 count and HbA1c')).toBe('CD4 count and HbA1c');
  });
});
