import { MongoClient } from 'mongodb';
import { EJSON } from 'bson';

const mentions = (text: string, needles: string[]) => needles.some((needle) => text.includes(needle));

/** `<database>.<collection>` of every MongoDB document (GridFS chunks included, as bytes) that mentions a needle. */
export async function mongoDocumentsMentioning(url: string, needles: string[]): Promise<string[]> {
  const client = await MongoClient.connect(url, { directConnection: true });
  try {
    const found = new Set<string>();
    const { databases } = await client.db('admin').command({ listDatabases: 1, nameOnly: true });
    for (const { name } of databases as { name: string }[]) {
      if (['admin', 'config', 'local'].includes(name)) continue;
      const db = client.db(name);
      for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for await (const doc of db.collection(collection).find({})) {
          const text = EJSON.stringify(doc, { relaxed: true }) + (Buffer.isBuffer(doc.data?.buffer) ? Buffer.from(doc.data.buffer).toString('latin1') : '');
          if (mentions(text, needles)) found.add(`${name}.${collection}`);
        }
      }
    }
    return [...found];
  } finally {
    await client.close();
  }
}

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The Elasticsearch indices among `indices` with a document that mentions a needle. */
export async function elasticsearchDocumentsMentioning(url: string, indices: string[], needles: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const index of indices) {
    await json(`${url}/${index}/_refresh`, { method: 'POST' });
    const answer = await json(`${url}/${index}/_search`, { method: 'POST', body: JSON.stringify({ query: { match_all: {} }, size: 10_000 }) });
    for (const hit of answer.hits.hits as { _id: string; _source: unknown }[]) {
      if (mentions(JSON.stringify(hit), needles)) found.add(index);
    }
  }
  return [...found];
}

/** The Qdrant collections with a point whose payload mentions a needle. */
export async function qdrantPointsMentioning(url: string, needles: string[]): Promise<string[]> {
  const found = new Set<string>();
  const { result } = await json(`${url}/collections`);
  for (const { name } of result.collections as { name: string }[]) {
    let offset: unknown = null;
    do {
      const page = await json(`${url}/collections/${name}/points/scroll`, { method: 'POST', body: JSON.stringify({ limit: 1000, offset, with_payload: true, with_vector: false }) });
      for (const point of page.result.points as { id: unknown; payload: unknown }[]) {
        if (mentions(JSON.stringify(point), needles)) found.add(`qdrant:${name}`);
      }
      offset = page.result.next_page_offset;
    } while (offset !== null && offset !== undefined);
  }
  return [...found];
}
