import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/** Leaves multipart bodies unread by Fastify, so the upload routes can stream them (never whole in memory). */
@Injectable()
export class MultipartParser implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    if (!fastify.hasContentTypeParser('multipart/form-data')) fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  }
}
