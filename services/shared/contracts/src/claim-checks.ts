/**
 * The JSON behind the blob references that upload events carry (claim check): written by one
 * service, read by another, so its shape is a contract like the events themselves.
 */

/** A section of an uploaded document. */
export interface ExtractedSection {
  heading: string;
  text: string;
  /** Page the section starts on (1-based). */
  page: number;
  /** Font size of the heading (0 for none): larger means a higher level. */
  headingSize: number;
}

/** `ExtractedDocument.text_ref`: the text of one document of an upload. */
export interface ExtractedText {
  sourceFile: string;
  title: string | null;
  year: number | null;
  pages: number;
  sections: ExtractedSection[];
  /** Blob key of the PDF the text was read from, kept so an approved protocol can open it. */
  fileRef?: string;
}

/** `UploadExtracted.documents_ref`: the list of an upload's documents. */
export interface ExtractedDocumentRef {
  index: number;
  sourceFile: string;
  textRef: string;
  pages: number;
}

/**
 * `ProtocolRegenerationRequested.source_text_ref` and `ProtocolDocument.document_text_ref`: the part
 * of a document one protocol comes from.
 */
export interface ProtocolCandidate {
  title: string;
  sourceFile: string;
  year: number | null;
  sections: ExtractedSection[];
  /** Blob key of the uploaded PDF, while the upload awaits approval. */
  fileRef?: string;
}

export interface ChecklistStep {
  step: number;
  text: string;
  explanation: string;
  citation: number;
  citations: number[];
}

export interface ProtocolCitation {
  id: number;
  source: string;
  organization: string;
  year: number | null;
  region: string;
  url: string;
  excerpt: string;
  /** Page of the uploaded file the excerpt starts on (uploads only). */
  page?: number;
}

export interface GeneratedProtocolData {
  title: string;
  intent: string;
  organization: string;
  region: string;
  year: number;
  lastUpdated: string;
  checklist: ChecklistStep[];
  citations: ProtocolCitation[];
  source_file: string;
}

/** `UploadGenerated.result_ref` (a list) and `ProtocolRegenerated.result_ref` (one): generated protocols. */
export interface GeneratedUploadProtocol {
  title: string;
  intent: string;
  source_file: string;
  organization: string;
  region: string;
  year: number;
  protocol_data: GeneratedProtocolData;
  /** Blob key of the ProtocolCandidate it was generated from. */
  source_ref: string;
}
