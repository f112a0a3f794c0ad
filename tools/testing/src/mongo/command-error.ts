import type { Document } from 'bson';

/** A failed command, answered the way mongod answers it: `{ ok: 0, errmsg, code, codeName, … }`. */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly details: Document = {},
  ) {
    super(message);
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.details };
  }

  /** The shape of one entry in a write command's `writeErrors`. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.details };
  }
}

export const badValue = (message: string) => new MongoCommandError(2, 'BadValue', message);
export const failedToParse = (message: string) => new MongoCommandError(9, 'FailedToParse', message);
