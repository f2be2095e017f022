import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DISCOVER_PAGE_SIZE_DEFAULT, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorPayments } from '../creator/creator-payments.reader';
import { DiscoverRepository } from './discover.repository';
import { containsPattern, discoverPage, normalizeQuery } from './discover.rules';

/** `/discover`: creators fans can open, searched by name, handle or topic (docs/creators.md, "Discover"). */
@Controller()
export class DiscoverController {
  constructor(
    private readonly repository: DiscoverRepository,
    private readonly payments: CreatorPayments,
  ) {}

  @MessagePattern(Subjects.CreatorsDiscover)
  async discover(
    @Payload() request: ParsedRequestOf<typeof Subjects.CreatorsDiscover>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDiscover>> {
    const query = normalizeQuery(request.q);
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? DISCOVER_PAGE_SIZE_DEFAULT;
    const candidates = await this.repository.candidates(query === '' ? null : containsPattern(query));
    // Demo creators need no payments; only the others are asked of billing.
    const onboarded = await this.payments.onboardingComplete(
      candidates.filter((candidate) => !candidate.demoAccount).map((candidate) => candidate.id),
    );
    return {
      ...discoverPage(candidates, onboarded, query, page, pageSize, request.viewerAgeBand),
      page,
      pageSize,
    };
  }
}
