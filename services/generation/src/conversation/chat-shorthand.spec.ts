import { describe, expect, it } from '@jest/globals';
import { readChatShorthand } from './chat-shorthand.js';

describe('readChatShorthand', () => {
  it('writes out the words clinicians shorten as they type', () => {
    expect(readChatShorthand('shd I start abx in pts w/o fever?')).toBe('should I start antibiotics in patients without fever?');
    expect(readChatShorthand('which outpts still get antivirals?')).toBe('which outpatients still get antivirals?');
    expect(readChatShorthand('inj adrenaline IM now?')).toBe('injection adrenaline IM now?');
    expect(readChatShorthand('Hx of asthma, mx w/ salbutamol b/c of wheeze')).toBe('history of asthma, management with salbutamol because of wheeze');
    expect(readChatShorthand('sats target after nebs? temp still up, meds and bloods done')).toBe(
      'oxygen saturation target after nebulisers? temperature still up, medicines and blood tests done',
    );
  });

  it('reads going home as being discharged home, but not home care', () => {
    expect(readChatShorthand('can they go home?')).toBe('can they discharge home?');
    expect(readChatShorthand('when can we send him home?')).toBe('when can we discharge him home?');
    expect(readChatShorthand('is home care ok?')).toBe('is home care ok?');
  });

  it('reads OD and BD as once and twice daily after a dose, OD as an overdose elsewhere, and never an eye', () => {
    expect(readChatShorthand('what signs shd make me think opioid OD?')).toBe('what signs should make me think opioid overdose?');
    expect(readChatShorthand('amoxicillin 500 mg OD or 250 mg BD?')).toBe('amoxicillin 500 mg once daily or 250 mg twice daily?');
    expect(readChatShorthand('ceftriaxone 50 mg/kg IV OD, then 1 g PO OD')).toBe('ceftriaxone 50 mg/kg IV once daily, then 1 g PO once daily');
    expect(readChatShorthand('OD pressure 28 mmHg, VA OD 6/9')).toBe('OD pressure 28 mmHg, VA OD 6/9');
    expect(readChatShorthand('lithium in BD')).toBe('lithium in BD');
  });

  it('leaves capitals that mean something else, and words that only contain shorthand', () => {
    expect(readChatShorthand('check PT and factor IX')).toBe('check PT and factor IX');
    expect(readChatShorthand('factor ix levels, MOM for constipation, 5% w/v')).toBe('factor ix levels, MOM for constipation, 5% w/v');
    expect(readChatShorthand('Pt is 5 yo, wd swab taken')).toBe('patient is 5 yo, wd swab taken');
    expect(readChatShorthand('the tx-resistant case, a txt from the ward, 20/10 odds')).toBe('the tx-resistant case, a txt from the ward, 20/10 odds');
    expect(readChatShorthand('CD4 count and HbA1c')).toBe('CD4 count and HbA1c');
  });
});
