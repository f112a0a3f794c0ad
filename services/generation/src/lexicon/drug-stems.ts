/**
 * The classes a medicine's name says by its international nonproprietary name stem (WHO's stems for
 * INN selection): 'ondansetron' is an antiemetic, 'apixaban' an anticoagulant. Read only for names
 * WordNet does not know, newer medicines mostly.
 */
const STEMS: [RegExp, string[]][] = [
  [/setron$/, ['antiemetic']],
  [/prazole$/, ['proton pump inhibitor', 'antacid']],
  [/tidine$/, ['H2 blocker', 'antacid']],
  [/olol$/, ['beta blocker']],
  [/pril(?:at)?$/, ['ACE inhibitor', 'antihypertensive']],
  [/sartan$/, ['angiotensin receptor blocker', 'antihypertensive']],
  [/dipine$/, ['calcium channel blocker', 'antihypertensive']],
  [/vastatin$/, ['statin']],
  [/gliflozin$/, ['SGLT2 inhibitor']],
  [/gliptin$/, ['DPP-4 inhibitor']],
  [/glutide$/, ['GLP-1 receptor agonist']],
  [/xaban$/, ['anticoagulant']],
  [/gatran$/, ['anticoagulant']],
  [/parin(?:ux)?$/, ['heparin', 'anticoagulant']],
  [/floxacin$/, ['fluoroquinolone', 'quinolone', 'antibiotic']],
  [/cillin$/, ['penicillin', 'antibiotic']],
  [/cef\w+$/, ['cephalosporin', 'antibiotic']],
  [/cycline$/, ['tetracycline', 'antibiotic']],
  [/penem$/, ['carbapenem', 'antibiotic']],
  [/mycin$/, ['antibiotic']],
  [/conazole$/, ['antifungal']],
  [/vir$/, ['antiviral']],
  [/(?:methasone|nisolone|nisone|cortisone)$/, ['corticosteroid', 'steroid']],
  [/triptan$/, ['triptan']],
  [/azepam$/, ['benzodiazepine', 'sedative']],
  [/profen$/, ['NSAID', 'anti-inflammatory', 'painkiller']],
  [/terol$/, ['bronchodilator', 'beta agonist']],
];

export function stemClasses(word: string): string[] {
  const name = word.toLowerCase();
  if (name.length < 7) return [];
  return STEMS.find(([stem]) => stem.test(name))?.[1] ?? [];
}
