import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { ElasticsearchCluster, type ClusterReply } from './elasticsearch-cluster.js';
import { ElasticsearchError } from './elasticsearch-error.js';
import { listenOnLoopback } from '../http/loopback-server.js';

export interface ElasticsearchDoubleOptions {
  /** How long a write stays invisible to search without a refresh (Elasticsearch: 1 s); -1 waits for an explicit refresh. */
  refreshIntervalMs?: number;
}

export interface RecordedElasticsearchRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: string;
}

export interface ElasticsearchDouble {
  /** An `http://127.0.0.1:<port>` node URL for `@elastic/elasticsearch`. */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedElasticsearchRequest[];
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

/** Replies in the media type asked for: Elasticsearch's versioned JSON when the client sends `compatible-with`. */
function contentType(accept: string | undefined): string {
  const version = /compatible-with=(\d+)/.exec(accept ?? '')?.[1];
  return version ? `application/vnd.elasticsearch+json;compatible-with=${version}` : 'application/json';
}

/**
 * An in-memory Elasticsearch on 127.0.0.1 speaking the REST subset the Cairn keyword index uses:
 * index exists/create/get/delete, `_bulk`, `_search` (bool, term, terms, ids, match, multi_match,
 * match_all) ranked by per-field BM25 with the `english` analyzer, `_mget`, `_delete_by_query`,
 * `_count` and `_refresh`. Every reply carries the product header the client checks.
 */
export async function startElasticsearchDouble(options: ElasticsearchDoubleOptions = {}): Promise<ElasticsearchDouble> {
  const cluster = new ElasticsearchCluster(options.refreshIntervalMs ?? 1000);
  const requests: RecordedElasticsearchRequest[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      let reply: ClusterReply;
      try {
        const body = await readBody(request);
        requests.push({ method, path: url.pathname, params: Object.fromEntries(url.searchParams), body });
        reply = cluster.handle({ method, path: url.pathname, params: url.searchParams, body });
      } catch (error) {
        const failure = error instanceof ElasticsearchError ? error : new ElasticsearchError(500, 'exception', (error as Error).message);
        reply = { status: failure.status, body: failure.toBody() };
      }
      const payload = reply.body === undefined || method === 'HEAD' ? '' : JSON.stringify(reply.body);
      response.writeHead(reply.status, {
        'content-type': contentType(request.headers.accept),
        'content-length': Buffer.byteLength(payload),
        'x-elastic-product': 'Elasticsearch',
      });
      response.end(payload);
    })();
  });

  const { port, close } = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: close,
  };
}
