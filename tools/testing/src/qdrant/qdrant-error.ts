/** An error as Qdrant reports it: an HTTP status and `{ status: { error } }`. */
export class QdrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new QdrantError(400, `Wrong input: ${message}`);

export const formatError = (message: string) => new QdrantError(400, `Format error in JSON body: ${message}`);

export const collectionNotFound = (name: string) => new QdrantError(404, `Not found: Collection \`${name}\` doesn't exist!`);
