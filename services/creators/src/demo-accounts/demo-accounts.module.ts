import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { BoundaryModule } from '../boundary/boundary.module';
import { CreatorModule } from '../creator/creator.module';
import { CreatorsConfig } from '../creators.config';
import { SeedDemoAccounts } from './seed-demo-accounts.use-case';

@Module({ imports: [CreatorModule, BoundaryModule], providers: [SeedDemoAccounts] })
export class DemoAccountsModule implements OnApplicationBootstrap {
  constructor(
    private readonly seed: SeedDemoAccounts,
    private readonly config: CreatorsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.DEMO_DATA) await this.seed.execute();
  }
}
