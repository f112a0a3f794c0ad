import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text a browser waits for in one piece: JSON, scripts, styles, HTML, SVG. Streams (server-sent
 * events, NDJSON checklists) are left alone, since a compressor holds their lines back, and so are
 * PDFs, archives and images, which are compressed already.
 */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:json|javascript|manifest\+json|problem\+json|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)(?:;|$)/i;

/**
 * Gzip (or deflate) for answers of 1 KiB or more when the client accepts it: the preview of a
 * 3,633-PDF upload is 39 MB of JSON and about a tenth of that on the wire.
 */
export async function addCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, { global: true, encodings: ['gzip', 'deflate'], threshold: 1024, customTypes: COMPRESSIBLE_TYPES });
}
