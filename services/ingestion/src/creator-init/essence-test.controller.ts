import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EssenceGenerationError, generateEssence } from '@backtalk/ai';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, isAdmin, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { ESSENCE_MODEL } from './essence-model.provider';

/**
 * /dev/test-essence (spec §7 testEssenceGenerationFunc({content})): the essence the pipeline's
 * step 6 would write, from pasted content instead of a creator's posts — each paragraph is one
 * post. Admins only (it spends model time); nothing is stored.
 */
@Controller()
export class EssenceTestController {
  constructor(@Inject(ESSENCE_MODEL) private readonly model: Parameters<typeof generateEssence>[0]) {}

  @MessagePattern(Subjects.IngestionEssenceTest)
  async test(
    @Payload() { actor, content }: ParsedRequestOf<typeof Subjects.IngestionEssenceTest>,
  ): Promise<ReplyOf<typeof Subjects.IngestionEssenceTest>> {
    if (!isAdmin(actor))
      throw new ServiceError(ErrorCode.Forbidden, 'Only admins can test essence generation.');
    const posts = content
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => ({ desc: '', transcript: paragraph }));
    try {
      const essence = await generateEssence(this.model, {
        handle: 'essence-test',
        nickName: 'Essence test',
        bio: '',
        posts,
      });
      return { essence };
    } catch (error) {
      if (error instanceof EssenceGenerationError)
        throw new ServiceError(ErrorCode.LlmRejected, `${error.message} Try other content, or try again.`);
      throw error;
    }
  }
}
