/**
 * Where the blobs behind claim checks live. The uploads service keeps an upload's working files and
 * an approved protocol's files in these folders, and generation writes its answers beside them, so
 * the layout is shared like the events that carry the keys.
 */

/** All of a user's files: deleted with the account. */
export const userBlobs = (userId: string) => ({ prefix: `users/${userId}` });

/** One upload's working files: all under `prefix`, deleted together when the upload ends. */
export const uploadBlobs = (userId: string, uploadId: string) => {
  const prefix = `${userBlobs(userId).prefix}/uploads/${uploadId}`;
  return {
    prefix,
    /** The file as it was received. */
    original: `${prefix}/original`,
    /** `ExtractedText` of the upload's document `index`. */
    document: (index: number) => `${prefix}/extracted/${index}.json`,
    /** `UploadExtracted.documents_ref`: the list of the upload's documents. */
    documents: `${prefix}/extracted/documents.json`,
    /** A PDF of the upload (the upload itself, or one from its ZIP), kept until approval copies it. */
    file: (index: number) => `${prefix}/files/${index}.pdf`,
    /** The `ProtocolCandidate` one generated protocol comes from: part `part` of document `document`. */
    candidate: (document: number, part: number) => `${prefix}/sources/${document}-${part}.json`,
    /** `UploadGenerated.result_ref`: generation's answer to one request, kept under its correlation id. */
    generated: (correlationId: string) => `${prefix}/generated/${correlationId}.json`,
  };
};

/** An approved protocol's files: all under `prefix`, deleted with the protocol. */
export const protocolBlobs = (userId: string, protocolId: string) => {
  const prefix = `${userBlobs(userId).prefix}/protocols/${protocolId}`;
  return {
    prefix,
    /** The `ProtocolCandidate` it was generated from: regenerated and indexed from. */
    source: `${prefix}/source.json`,
    /** The original PDF, served to its owner. */
    file: `${prefix}/source.pdf`,
    /** `ProtocolRegenerated.result_ref`: generation's answer to one regeneration, kept under its correlation id. */
    regenerated: (correlationId: string) => `${prefix}/regenerated-${correlationId}.json`,
  };
};

/**
 * A hospital library protocol's files, owned by no user: the copy of its source text outlives the
 * editor's own protocol and account, and goes when the protocol is unpublished.
 */
export const libraryBlobs = (libraryProtocolId: string) => {
  const prefix = `library/${libraryProtocolId}`;
  return {
    prefix,
    /** The `ProtocolCandidate` the library copy is indexed from (`ProtocolDocument.document_text_ref`). */
    source: `${prefix}/source.json`,
  };
};
