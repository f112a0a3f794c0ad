import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CurrentUser, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { ProtocolChatStreamService } from '../conversation/protocol-chat-stream.service.js';
import { ProtocolChatService } from '../conversation/protocol-chat.service.js';
import { StepThreadService } from '../conversation/step-thread.service.js';
import { ProtocolGenerationService } from './protocol-generation.service.js';
import { ProtocolStreamService } from './protocol-stream.service.js';
import { ndjsonBody, type StreamingReply } from './ndjson-stream.js';
import {
  conversationBodySchema,
  generateBodySchema,
  stepThreadBodySchema,
  type ConversationBody,
  type GenerateBody,
  type StepThreadBody,
} from './protocol.schemas.js';

@Controller('protocols')
export class ProtocolsController {
  constructor(
    private readonly generation: ProtocolGenerationService,
    private readonly streaming: ProtocolStreamService,
    private readonly chat: ProtocolChatService,
    private readonly chatStreaming: ProtocolChatStreamService,
    private readonly stepThreads: StepThreadService,
  ) {}

  @Post('generate')
  @HttpCode(200)
  generate(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(generateBodySchema, 'invalid_input')) body: GenerateBody) {
    return this.generation.generate(body, user);
  }

  /** The same checklist as NDJSON lines, a step at a time (see ProtocolStreamService). */
  @Post('generate/stream')
  @HttpCode(200)
  async generateStream(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(generateBodySchema, 'invalid_input')) body: GenerateBody,
    @Res({ passthrough: true }) reply: StreamingReply,
  ) {
    const abort = new AbortController();
    return ndjsonBody(await this.streaming.stream(body, user, abort.signal), reply, abort);
  }

  @Post('conversation')
  @HttpCode(200)
  conversation(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(conversationBodySchema, 'invalid_input')) body: ConversationBody) {
    return this.chat.answer(body, user);
  }

  /** The same answer as NDJSON lines, a sentence at a time (see ProtocolChatStreamService). */
  @Post('conversation/stream')
  @HttpCode(200)
  async conversationStream(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(conversationBodySchema, 'invalid_input')) body: ConversationBody,
    @Res({ passthrough: true }) reply: StreamingReply,
  ) {
    const abort = new AbortController();
    return ndjsonBody(await this.chatStreaming.stream(body, user, abort.signal), reply, abort);
  }

  @Post('step-thread')
  @HttpCode(200)
  stepThread(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(stepThreadBodySchema, 'invalid_input')) body: StepThreadBody) {
    return this.stepThreads.answer(body, user);
  }
}
