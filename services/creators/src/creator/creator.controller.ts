import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PostRepository } from '../post/post.repository';
import { toBoundary } from '../boundary/boundary.mapper';
import { BoundaryRepository } from '../boundary/boundary.repository';
import { CreatorError } from './creator.errors';
import { CreatorPayments } from './creator-payments.reader';
import type { CreatorEntity } from './creator.entity';
import { toCreator, toPersona, toPostText } from './creator.mapper';
import { CreatorRepository } from './creator.repository';

@Controller()
export class CreatorController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly postRepository: PostRepository,
    private readonly payments: CreatorPayments,
    private readonly boundaries: BoundaryRepository,
  ) {}

  private async withPayments(creators: CreatorEntity[]) {
    const onboarded = await this.payments.onboardingComplete(creators.map((creator) => creator.id));
    return creators.map((creator) => toCreator(creator, onboarded.get(creator.id) ?? false));
  }

  @MessagePattern(Subjects.CreatorsCreatorList)
  async list(
    @Payload() filter: ParsedRequestOf<typeof Subjects.CreatorsCreatorList>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsCreatorList>> {
    return { creators: await this.withPayments(await this.creators.list(filter)) };
  }

  @MessagePattern(Subjects.CreatorsCreatorGet)
  async get(@Payload() { id }: ParsedRequestOf<typeof Subjects.CreatorsCreatorGet>) {
    const creator = await this.creators.findById(id);
    if (!creator) throw CreatorError.notFound();
    return (await this.withPayments([creator]))[0]!;
  }

  @MessagePattern(Subjects.CreatorsCreatorFindByHandle)
  async findByHandle(@Payload() { handle }: ParsedRequestOf<typeof Subjects.CreatorsCreatorFindByHandle>) {
    const creator = await this.creators.findByHandle(handle);
    if (!creator) throw CreatorError.notFound();
    return (await this.withPayments([creator]))[0]!;
  }

  @MessagePattern(Subjects.CreatorsCreatorFindByUser)
  async findByUser(@Payload() { userId }: ParsedRequestOf<typeof Subjects.CreatorsCreatorFindByUser>) {
    const creator = await this.creators.findByUserId(userId);
    if (!creator) throw CreatorError.notFound();
    return (await this.withPayments([creator]))[0]!;
  }

  @MessagePattern(Subjects.CreatorsCreatorFeatured)
  async featured() {
    const creator = await this.creators.findFeatured();
    if (!creator) throw CreatorError.notFound();
    return (await this.withPayments([creator]))[0]!;
  }

  @MessagePattern(Subjects.CreatorsPostList)
  async listPosts(
    @Payload() { creatorId, withTranscripts }: ParsedRequestOf<typeof Subjects.CreatorsPostList>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsPostList>> {
    if (!(await this.creators.findById(creatorId))) throw CreatorError.notFound();
    const posts = await this.postRepository.listByCreator(creatorId);
    return { posts: posts.map((post) => toPostText(post, withTranscripts ?? false)) };
  }

  @MessagePattern(Subjects.CreatorsPersonaGet)
  async persona(@Payload() { creatorId }: ParsedRequestOf<typeof Subjects.CreatorsPersonaGet>) {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    const [postsVersion, boundaries] = await Promise.all([
      this.postRepository.version(creatorId),
      this.boundaries.list(creatorId),
    ]);
    return { ...toPersona(creator, postsVersion), boundaries: boundaries.map(toBoundary) };
  }
}
