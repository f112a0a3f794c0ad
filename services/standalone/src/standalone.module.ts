import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { AccountsModule } from '@cairn/accounts';
import { ConversationsModule } from '@cairn/conversations';
import { GenerationModule } from '@cairn/generation';
import { SavedProtocolsModule } from '@cairn/saved-protocols';
import { SearchModule } from '@cairn/search';
import { UploadsModule } from '@cairn/uploads';

/** All six services in one process, sharing one in-process bus and one DATA_DIR. */
@Module({})
export class StandaloneModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        PlatformModule.forRoot(config),
        AccountsModule,
        SearchModule,
        GenerationModule,
        ConversationsModule,
        SavedProtocolsModule,
        UploadsModule,
      ],
    };
  }
}
