import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, CurrentUser, listOffset, listSize, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { UploadRegeneration } from './upload-regeneration.js';
import { UploadsService } from './uploads.service.js';

const uploadIdParam = new ZodPipe(z.uuid({ error: 'uploadId is not a valid upload id' }));
/** The spec's preview is the whole list; `size` asks for one page of it, `offset` where it starts. */
const previewQuery = z.object({ size: listSize(), offset: listOffset() });

@Controller('users/:userId')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly regeneration: UploadRegeneration,
  ) {}

  @Post('upload-documents')
  @HttpCode(202)
  async upload(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return await this.uploads.upload(user.uid, request.raw);
    } catch (error) {
      // The rest of an oversized body is never read: the connection closes after the answer.
      if (error instanceof AppError && error.status === 413) reply.header('connection', 'close');
      throw error;
    }
  }

  @Get('upload-status/:uploadId')
  status(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string) {
    return this.uploads.status(user.uid, uploadId);
  }

  @Get('upload-preview/:uploadId')
  preview(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string, @Query(new ZodPipe(previewQuery)) page: z.infer<typeof previewQuery>) {
    return this.uploads.preview(user.uid, uploadId, page);
  }

  @Delete('upload-preview/:uploadId')
  deletePreview(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string) {
    return this.uploads.deletePreview(user.uid, uploadId);
  }

  @Post('upload-approve/:uploadId')
  @HttpCode(200)
  approve(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string) {
    return this.uploads.approve(user, uploadId);
  }

  @Post('upload-cancel/:uploadId')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string) {
    return this.uploads.cancel(user.uid, uploadId);
  }

  @Post('upload-regenerate/:uploadId')
  @HttpCode(202)
  regenerate(@CurrentUser() user: AuthenticatedUser, @Param('uploadId', uploadIdParam) uploadId: string, @Req() request: FastifyRequest) {
    return this.regeneration.regenerate(user, uploadId, request.raw, request.body);
  }
}
