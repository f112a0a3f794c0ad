import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { UploadsModule } from './uploads.module.js';

@Module({})
export class UploadsAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: UploadsAppModule, imports: [PlatformModule.forRoot(config), UploadsModule] };
  }
}
