import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { ConversationsModule } from './conversations.module.js';

@Module({})
export class ConversationsAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: ConversationsAppModule, imports: [PlatformModule.forRoot(config), ConversationsModule] };
  }
}
