import { describe, expect, it } from '@jest/globals';
import { stemClasses } from './drug-stems.js';

describe('stemClasses', () => {
  it('reads a medicine class from a name stem', () => {
    expect(stemClasses('ondansetron')).toContain('antiemetic');
    expect(stemClasses('Apixaban')).toContain('anticoagulant');
    expect(stemClasses('empagliflozin')).toContain('SGLT2 inhibitor');
    expect(stemClasses('levofloxacin')).toContain('antibiotic');
  });

  it('reads nothing from a short or unrelated word', () => {
    expect(stemClasses('vir')).toEqual([]);
    expect(stemClasses('paracetamol')).toEqual([]);
    expect(stemClasses('review')).toEqual([]);
  });
});
