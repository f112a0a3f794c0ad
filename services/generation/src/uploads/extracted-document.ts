/** A section of an uploaded document, as the uploads service extracted it. */
export interface DocumentSection {
  heading: string;
  text: string;
  page: number;
  headingSize: number;
}

/** The extracted text behind an `upload.extracted` document reference (claim check). */
export interface ExtractedText {
  sourceFile: string;
  title: string | null;
  year: number | null;
  pages: number;
  sections: DocumentSection[];
}

/** The part of a document one protocol is generated from; stored beside the protocol for regeneration. */
export interface ProtocolCandidate {
  title: string;
  sourceFile: string;
  year: number | null;
  sections: DocumentSection[];
}
