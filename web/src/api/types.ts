import type { components } from './schema';

// Wire types of the gateway's HTTP API, generated from its committed OpenAPI
// document (services/gateway/openapi.json → schema.d.ts, `npm run api-types -w web`).
export type Schemas = components['schemas'];

export type Creator = Schemas['CreatorResponse'];
export type GuestReply = Schemas['GuestCreateResponse'];
export type RefreshReply = Schemas['RefreshResponse'];
export type SessionInfo = Schemas['SessionResponse'];
export type Conversation = Schemas['ConversationResponse'];
export type ChatMessage = Schemas['MessageListResponse']['messages'][number];
export type Citation = ChatMessage['citations'][number];

export type SendMessageBody = Schemas['SendMessageBody'];

// Server-Sent Events are not described by OpenAPI; their shapes are these.

/** `event: fragment` — `id` is `<messageId>#<seq>`; the last fragment of a reply has a stopReason. */
export interface StreamFragment {
  text: string;
  id: string;
  stopReason?: string;
}

/** `event: citations` */
export interface CitationsEvent {
  messageId: string;
  citations: Citation[];
}

/** The crisis card's resources: a message of kind `crisis-care` (docs/safety.md). */
export type CrisisCare = NonNullable<ChatMessage['care']>;

/** `event: error` and every JSON error body. */
export interface ErrorBody {
  code: string;
  message: string;
}

/** The server must answer with a boolean canSendMessage; anything else abandons a send (spec §5). */
export interface RateLimitReply {
  canSendMessage: unknown;
  nextAvailableTime?: string | null;
}
