import type { DocumentFilter } from './chunk.js';

/** A WHERE clause over `owner`, `document_id` and `source` columns, for the SQLite adapters. */
export function documentFilterSql(filter: Partial<DocumentFilter>): { sql: string; params: string[] } {
  const columns: [string, string | undefined][] = [
    ['owner', filter.owner],
    ['document_id', filter.documentId],
    ['source', filter.source],
  ];
  const present = columns.filter((column): column is [string, string] => column[1] !== undefined);
  return {
    sql: present.length ? ` WHERE ${present.map(([column]) => `${column} = ?`).join(' AND ')}` : '',
    params: present.map(([, value]) => value),
  };
}
