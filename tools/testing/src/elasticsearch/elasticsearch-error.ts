/** An error with the status and body shape Elasticsearch answers with. */
export class ElasticsearchError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
  }

  get rootCause(): Record<string, unknown> {
    return { type: this.type, reason: this.reason, ...this.details };
  }

  toBody(): Record<string, unknown> {
    return { error: { root_cause: [this.rootCause], ...this.rootCause }, status: this.status };
  }
}

export const parsingError = (reason: string) => new ElasticsearchError(400, 'parsing_exception', reason);

export const illegalArgument = (reason: string) => new ElasticsearchError(400, 'illegal_argument_exception', reason);

export const indexNotFound = (index: string) =>
  new ElasticsearchError(404, 'index_not_found_exception', `no such index [${index}]`, {
    'resource.type': 'index_or_alias',
    'resource.id': index,
    index_uuid: '_na_',
    index,
  });
