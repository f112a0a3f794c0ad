import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { SearchModule } from './search.module.js';

@Module({})
export class SearchAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: SearchAppModule, imports: [PlatformModule.forRoot(config), SearchModule] };
  }
}
