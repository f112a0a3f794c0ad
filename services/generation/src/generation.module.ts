import { Module } from '@nestjs/common';
import { Outbox, Outboxes } from '@cairn/platform';
import { GENERATION_CONFIG, loadGenerationConfig } from './config/generation-config.js';
import { ContextSearch } from './context/context-search.js';
import { ProtocolChatStreamService } from './conversation/protocol-chat-stream.service.js';
import { ProtocolChatService } from './conversation/protocol-chat.service.js';
import { StepThreadService } from './conversation/step-thread.service.js';
import { createGenerator } from './generators/create-generator.js';
import { GENERATOR } from './generators/generator.port.js';
import { GroundingMetrics } from './grounding/grounding-metrics.js';
import { ProtocolGenerationService } from './protocols/protocol-generation.service.js';
import { ProtocolStreamService } from './protocols/protocol-stream.service.js';
import { ProtocolsController } from './protocols/protocols.controller.js';
import { UploadGenerationConsumer } from './uploads/upload-generation.consumer.js';
import { UploadProtocolBuilder } from './uploads/upload-protocol-builder.js';

@Module({
  controllers: [ProtocolsController],
  providers: [
    { provide: GENERATION_CONFIG, useFactory: () => loadGenerationConfig() },
    { provide: GENERATOR, useFactory: createGenerator, inject: [GENERATION_CONFIG] },
    { provide: Outbox, useFactory: (outboxes: Outboxes) => outboxes.get('generation'), inject: [Outboxes] },
    ContextSearch,
    GroundingMetrics,
    ProtocolGenerationService,
    ProtocolStreamService,
    ProtocolChatService,
    ProtocolChatStreamService,
    StepThreadService,
    UploadProtocolBuilder,
    UploadGenerationConsumer,
  ],
})
export class GenerationModule {}
