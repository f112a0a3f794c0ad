import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformConfig } from '@cairn/platform';
import { AccountsModule } from './accounts.module.js';

@Module({})
export class AccountsAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: AccountsAppModule, imports: [PlatformModule.forRoot(config), AccountsModule] };
  }
}
