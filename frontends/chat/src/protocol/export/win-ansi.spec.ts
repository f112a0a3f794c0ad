import { describe, expect, it } from '@jest/globals';
import { isWinAnsi, toWinAnsi } from './win-ansi';

describe('text for the standard PDF fonts', () => {
  it('keeps Latin-1 and the typographic signs WinAnsi has', () => {
    const kept = 'Fièvre ≤ no: café, naïve, 38 °C, ± 5 µg, “quoted” – dash — em, … • € ™';
    expect(toWinAnsi(kept.replace(' ≤ no', ''))).toBe(kept.replace(' ≤ no', ''));
  });

  it('replaces what it cannot encode with a near equivalent, the bare letter, or ?', () => {
    expect(toWinAnsi('SpO₂ ≥ 94 % → give O₂; α-blocker; Łódź; Nguyễn; 体温 🦟')).toBe('SpO2 >= 94 % -> give O2; alpha-blocker; Lódz; Nguyên; ?? ?');
    expect(toWinAnsi('line\nbreak\ttab\u200bzero\u00adsoft')).toBe('line break tabzero\u00adsoft');
    expect([...toWinAnsi('✓ ✗ ≠ ≈ ‑ − ′')].every(isWinAnsi)).toBe(true);
  });
});
