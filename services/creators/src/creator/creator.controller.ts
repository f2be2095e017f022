import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PostRepository } from '../post/post.repository';
import { CreatorError } from './creator.errors';
import { toCreator, toPersona, toPostText } from './creator.mapper';
import { CreatorRepository } from './creator.repository';

@Controller()
export class CreatorController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly postRepository: PostRepository,
  ) {}

  @MessagePattern(Subjects.CreatorsCreatorList)
  async list(
    @Payload() filter: ParsedRequestOf<typeof Subjects.CreatorsCreatorList>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsCreatorList>> {
    return { creators: (await this.creators.list(filter)).map(toCreator) };
  }

  @MessagePattern(Subjects.CreatorsCreatorGet)
  async get(@Payload() { id }: ParsedRequestOf<typeof Subjects.CreatorsCreatorGet>) {
    const creator = await this.creators.findById(id);
    if (!creator) throw CreatorError.notFound();
    return toCreator(creator);
  }

  @MessagePattern(Subjects.CreatorsCreatorFindByHandle)
  async findByHandle(@Payload() { handle }: ParsedRequestOf<typeof Subjects.CreatorsCreatorFindByHandle>) {
    const creator = await this.creators.findByHandle(handle);
    if (!creator) throw CreatorError.notFound();
    return toCreator(creator);
  }

  @MessagePattern(Subjects.CreatorsCreatorFeatured)
  async featured() {
    const creator = await this.creators.findFeatured();
    if (!creator) throw CreatorError.notFound();
    return toCreator(creator);
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
    return toPersona(creator, await this.postRepository.version(creatorId));
  }
}
