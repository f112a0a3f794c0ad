import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Types gzipped besides those the mime-db package marks compressible: JSON, scripts, styles, HTML, SVG.
 * Server-sent events and NDJSON are neither, and PDFs and ZIP archives are marked not compressible.
 */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:json|javascript|manifest\+json|problem\+json|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)(?:;|$)/i;

/**
 * Never compressed, whatever their type: streamed checklists and answers, whose lines a compressor
 * would hold back, and sign-in answers, which carry a token beside what the client sent (BREACH).
 */
const UNCOMPRESSED_PATHS = /\/stream(?:[?/]|$)|\/auth\//;

/**
 * Gzip (or deflate) for answers of 1 KiB or more when the client accepts it: the preview of a
 * 3,633-PDF upload is 39 MB of JSON, a fraction of that on the wire.
 */
export async function addCompression(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', async (request) => {
    if (UNCOMPRESSED_PATHS.test(request.url)) request.headers['x-no-compression'] = '1';
  });
  await fastify.register(compress, { global: true, encodings: ['gzip', 'deflate'], threshold: 1024, customTypes: COMPRESSIBLE_TYPES });
}
