import { zipSync } from 'fflate';
import type { GeneratedProtocolData } from '@cairn/contracts';
import { minimalPdf, pagedPdf } from '@cairn/testing';

/** A guideline with two chapters, each long enough to become a protocol of its own. */
export const guidelinePdf = (title = 'Snakebite ward protocol') =>
  minimalPdf(
    [
      { text: title, size: 20 },
      { text: 'Snakebite first aid', size: 16 },
      { text: 'Immobilise the bitten limb with a splint and keep the patient still and calm.' },
      { text: 'Remove rings, watches and tight clothing from the bitten limb before swelling starts.' },
      { text: 'Do not apply a tight tourniquet and do not cut or suck the wound.' },
      { text: 'Transfer the patient to a hospital that stocks anti-snake venom as quickly as possible.' },
      { text: 'Antivenom treatment', size: 16 },
      { text: 'Perform the 20-minute whole blood clotting test on arrival and repeat it every 6 hours.' },
      { text: 'Give anti-snake venom when the 20-minute whole blood clotting test shows unclotted blood.' },
      { text: 'Give adrenaline 0.5 mg intramuscularly if anaphylaxis develops during the antivenom infusion.' },
      { text: 'Monitor urine output, blood pressure and neurological signs every hour for 24 hours.' },
    ],
    title,
  );

/** A fact only the document's text holds: a statement in a section of its own, beside a chapter of instructions, is no step. */
export const FACT = 'The night outreach nurse answers bleep 4417.';
export const FACT_QUERY = 'night outreach nurse bleep 4417';

/** Two pages, two chapters (two protocols); the fact sits on page 2 after the escalation steps. */
export const wardSepsisPdf = () =>
  pagedPdf(
    [
      [
        { text: 'Ward sepsis guideline', size: 20 },
        { text: 'Sepsis recognition', size: 16 },
        { text: 'Screen every adult with a new fever for sepsis using the ward early warning score.' },
        { text: 'Measure serum lactate and take two sets of blood cultures before the first antibiotic dose.' },
        { text: 'Give broad-spectrum intravenous antibiotics within one hour of recognising sepsis.' },
        { text: 'Start 500 ml of crystalloid fluid over 15 minutes when the systolic pressure is below 90 mmHg.' },
      ],
      [
        { text: 'Sepsis escalation', size: 16 },
        { text: 'Call the critical care team when the lactate stays above 4 mmol/L after fluids.' },
        { text: 'Repeat the early warning score every 30 minutes until the patient is stable.' },
        { text: 'Record the urine output every hour and insert a catheter when it falls below 0.5 ml/kg/h.' },
        { text: 'Review the antibiotic choice with the microbiology results within 48 hours.' },
        { text: 'Give oxygen to keep the saturation between 94 and 98 per cent.' },
        { text: 'Refer the patient to critical care when vasopressors are needed.' },
        { text: 'Contacts', size: 16 },
        { text: FACT },
      ],
    ],
    'Ward sepsis guideline',
  );

export const corruptPdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< this is not a pdf >>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

/** A well-formed PDF whose page tree is empty. */
export function zeroPagePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 3\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A PDF encrypted with the standard handler and a user password nobody gave us. */
export function encryptedPdf(): Buffer {
  const plain = minimalPdf([{ text: 'Secret protocol' }]).toString('latin1');
  const hex = (byte: string) => `<${byte.repeat(32)}>`;
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex('a1')} /U ${hex('b2')} /P -44 >> /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]`;
  return Buffer.from(plain.replace('/Root 1 0 R', `/Root 1 0 R ${encrypt}`), 'latin1');
}

export const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));

/** Sets the "encrypted" flag of `name` in a ZIP's central directory (as an encrypting archiver would). */
export function markEncrypted(archive: Buffer, name: string): Buffer {
  const copy = Buffer.from(archive);
  for (let offset = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); offset !== -1; offset = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), offset + 4)) {
    const nameLength = copy.readUInt16LE(offset + 28);
    if (copy.subarray(offset + 46, offset + 46 + nameLength).toString('utf8') === name) copy.writeUInt16LE(copy.readUInt16LE(offset + 8) | 1, offset + 8);
  }
  return copy;
}

const WARD_TOPICS = ['Snakebite first aid', 'Antivenom treatment', 'Dengue fluid management', 'Neonatal resuscitation', 'Severe malaria', 'Sepsis bundle', 'Acute asthma', 'Diabetic ketoacidosis'];

/**
 * The `i`th of many protocols approved into `userId`'s index, as the uploads store keeps them (collection
 * `user_protocols`): eight approval times shared by all and protocol ids not in approval order, so a
 * listing has ties to break.
 */
export function indexedProtocol(userId: string, i: number): { id: string; protocolId: string; created_at: string } & Record<string, unknown> {
  const protocolId = `up_${String((i * 7919) % 1000).padStart(3, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1 + (i % 8))).toISOString();
  const title = `${WARD_TOPICS[i % WARD_TOPICS.length]} ${i + 1}`;
  const fields = { title, intent: 'treatment', source_file: 'hospital-guidelines.zip', organization: 'User upload', region: 'Global', year: 2026 };
  const protocolData: GeneratedProtocolData = {
    ...fields,
    lastUpdated: at,
    checklist: [{ step: 1, text: 'Check airway, breathing and circulation.', explanation: 'First look.', citation: 1, citations: [1] }],
    citations: [{ id: 1, source: 'hospital-guidelines.zip, page 1', organization: 'User upload', year: 2026, region: 'Global', url: '', excerpt: 'Check airway, breathing and circulation.' }],
  };
  return {
    ...fields,
    id: `${userId}/${protocolId}`,
    userId,
    protocolId,
    uploadId: 'upload_bulk',
    state: 'indexed',
    protocol_data: protocolData,
    sourceRef: `users/${userId}/uploads/upload_bulk/part-${i}`,
    regenerating: false,
    created_at: at,
    updated_at: at,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The protocols of one upload awaiting approval as the store keeps them, with the job they belong to. */
export function awaitingApproval(userId: string, uploadId: string, count: number) {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const job = {
    id: uploadId,
    userId,
    filename: 'hospital-guidelines.zip',
    fileType: 'zip',
    size: 1024,
    customPrompt: '',
    status: 'awaiting_approval',
    stage: 'done',
    progress: 100,
    protocolsExtracted: count,
    protocolsIndexed: null,
    error: null,
    files: [],
    requestId: null,
    generationKind: 'initial',
    epoch: 1,
    heartbeatAt: at,
    createdAt: at,
    updatedAt: at,
  };
  const protocols = Array.from({ length: count }, (_, i) => ({ ...indexedProtocol(userId, i), uploadId, state: 'preview' }));
  return { job, protocols };
}

/** The order of the index: newest approval first, ties by protocol id. */
export const indexOrder = (a: { created_at: string; protocolId: string }, b: { created_at: string; protocolId: string }) =>
  byText(b.created_at, a.created_at) || byText(a.protocolId, b.protocolId);
