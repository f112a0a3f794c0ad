import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { SavedProtocolsModule } from './saved-protocols.module.js';

@Module({})
export class SavedProtocolsAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: SavedProtocolsAppModule, imports: [PlatformModule.forRoot(config), SavedProtocolsModule] };
  }
}
