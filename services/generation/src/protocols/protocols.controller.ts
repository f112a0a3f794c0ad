import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { ProtocolChatService } from '../conversation/protocol-chat.service.js';
import { StepThreadService } from '../conversation/step-thread.service.js';
import { ProtocolGenerationService } from './protocol-generation.service.js';
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
    private readonly chat: ProtocolChatService,
    private readonly stepThreads: StepThreadService,
  ) {}

  @Post('generate')
  @HttpCode(200)
  generate(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(generateBodySchema, 'invalid_input')) body: GenerateBody) {
    return this.generation.generate(body, user.uid);
  }

  @Post('conversation')
  @HttpCode(200)
  conversation(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(conversationBodySchema, 'invalid_input')) body: ConversationBody) {
    return this.chat.answer(body, user.uid);
  }

  @Post('step-thread')
  @HttpCode(200)
  stepThread(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(stepThreadBodySchema, 'invalid_input')) body: StepThreadBody) {
    return this.stepThreads.answer(body, user.uid);
  }
}
