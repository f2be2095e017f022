import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ParsedRequestOf, type PreviewAskReply, Subjects } from '@backtalk/proto';
import { CreatorCorpus } from '../persona/creator-corpus';
import { BoundaryPreview } from '../safety/boundary-preview';

type AskRequest = ParsedRequestOf<typeof Subjects.ChatPersonaPreviewAsk>;

/**
 * /creator/preview (docs/creators.md, "Drafts, preview and publish"): a question to the draft or
 * the published persona of the caller's own creator, answered as a fan's would be (moderation,
 * boundaries, the prompt-leak guard) — but with no conversation, nothing stored, nothing counted
 * against any allowance, and nothing a fan can see. creators decides whose draft the caller may
 * read (their own only); the earlier turns come from the creator's page.
 */
@Injectable()
export class PersonaPreview {
  constructor(
    private readonly client: ServiceClient,
    private readonly corpus: CreatorCorpus,
    private readonly preview: BoundaryPreview,
  ) {}

  async ask({ actor, question, version, history }: AskRequest): Promise<PreviewAskReply> {
    const draft = await this.client.request(Subjects.CreatorsDraftGet, { actor });
    const persona = await this.corpus.persona(draft.creatorId);
    const definition = draft[version];
    const reply = await this.preview.answer(persona, question, definition.boundaries, {
      creatorPrompt: definition.creatorPrompt,
      history: history.map((turn) => ({
        role: turn.role === 'fan' ? ('user' as const) : ('assistant' as const),
        content: turn.text,
      })),
    });
    return { ...reply, version };
  }
}
