/**
 * The standard PDF fonts (Helvetica) encode text as WinAnsi: Latin-1 and a few typographic signs. Any
 * other character is replaced by a near equivalent, its letter without accents, or '?'.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

export const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
};

const NEAR: Record<string, string> = {
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2212': '-', '\u2015': '—',
  '\u2032': "'", '\u2033': '"', '\u201b': "'", '\u201f': '"',
  '≥': '>=', '≤': '<=', '≠': '!=', '≈': '~', '→': '->', '←': '<-', '↑': '^', '↓': 'v', '⇒': '=>',
  '✓': 'v', '✔': 'v', '✗': 'x', '✘': 'x', '∙': '·', '⋅': '·', '●': '•', '◦': '•', '▪': '•',
  'α': 'alpha', 'β': 'beta', 'γ': 'gamma', 'δ': 'delta', 'κ': 'kappa', 'λ': 'lambda', 'μ': 'µ', 'Δ': 'Delta',
  'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'ı': 'i',
  '\u2009': ' ', '\u200a': ' ', '\u2002': ' ', '\u2003': ' ', '\u202f': ' ', '\u2007': ' ',
};

function nearest(char: string): string {
  if (/[\t\n\r\v\f\u2028\u2029]/.test(char)) return ' ';
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/u.test(char)) return '';
  const near = NEAR[char];
  if (near !== undefined) return near;
  // The letter with as many of its accents as the encoding has: ễ → ê, ź → z, ₂ → 2.
  const decomposed = char.normalize('NFKD');
  const base = decomposed.replace(/\p{M}/gu, '');
  const marks = decomposed.match(/\p{M}/gu) ?? [];
  for (let kept = marks.length; kept >= 0; kept--) {
    const candidate = (base + marks.slice(0, kept).join('')).normalize('NFC');
    if (candidate && [...candidate].every(isWinAnsi)) return candidate;
  }
  return '?';
}

/** The text with every character the standard fonts cannot encode replaced. */
export const toWinAnsi = (text: string): string => Array.from(text, (char) => (isWinAnsi(char) ? char : nearest(char))).join('');
