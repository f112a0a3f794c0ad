import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { GenerationModule } from './generation.module.js';

@Module({})
export class GenerationAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: GenerationAppModule, imports: [PlatformModule.forRoot(config), GenerationModule] };
  }
}
