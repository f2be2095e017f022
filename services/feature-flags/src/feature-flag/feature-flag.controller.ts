import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { FeatureFlagService } from './feature-flag.service';

@Controller()
export class FeatureFlagController {
  constructor(private readonly flags: FeatureFlagService) {}

  @MessagePattern(Subjects.FeatureFlagsFlagGet)
  async get(
    @Payload() { name, environment }: ParsedRequestOf<typeof Subjects.FeatureFlagsFlagGet>,
  ): Promise<ReplyOf<typeof Subjects.FeatureFlagsFlagGet>> {
    return { name, enabled: await this.flags.isEnabled(name, environment) };
  }

  @MessagePattern(Subjects.FeatureFlagsFlagList)
  async list(
    @Payload() { environment }: ParsedRequestOf<typeof Subjects.FeatureFlagsFlagList>,
  ): Promise<ReplyOf<typeof Subjects.FeatureFlagsFlagList>> {
    return this.flags.list(environment);
  }

  @MessagePattern(Subjects.FeatureFlagsFlagCreate)
  create(
    @Payload() { actor, ...input }: ParsedRequestOf<typeof Subjects.FeatureFlagsFlagCreate>,
  ): Promise<ReplyOf<typeof Subjects.FeatureFlagsFlagCreate>> {
    return this.flags.create(actor, input);
  }

  @MessagePattern(Subjects.FeatureFlagsFlagUpdate)
  update(
    @Payload() { actor, id, enabled }: ParsedRequestOf<typeof Subjects.FeatureFlagsFlagUpdate>,
  ): Promise<ReplyOf<typeof Subjects.FeatureFlagsFlagUpdate>> {
    return this.flags.setEnabled(actor, id, enabled);
  }
}
