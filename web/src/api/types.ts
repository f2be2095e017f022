// Wire types of the gateway's HTTP API (the contract in web/README.md).

export interface Creator {
  id: string;
  userId: string;
  handle: string;
  nickName: string;
  tiktokURL: string;
  bio: string;
  /** An image URL or a data: URL. */
  thumb: string;
  demoAccount: boolean;
  onboardingComplete: boolean;
  /** ISO timestamp. */
  createdAt: string;
}

export interface Post {
  id: string;
  creatorId: string;
  caption: string;
  desc: string;
  tikTokCreatedAt: string;
  videoUrl: string;
  coverUrl: string;
}

export interface AuthTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
}

export interface GuestReply {
  userId: string;
  tokens: AuthTokens;
}

export interface RefreshReply {
  tokens: AuthTokens;
}

export type UserType = 'guest' | 'authenticated';

export interface SessionInfo {
  userId: string;
  userType: UserType;
  groups: string[];
  email: string | null;
  isCreator: boolean;
}

export interface Conversation {
  id: string;
  creatorId: string;
  createdAt: string;
}

export interface Citation {
  postId: string;
  /** ISO date of the post. */
  date: string;
  url: string;
  caption: string;
}

export type MessageRole = 'user' | 'assistant';
export type MessageStatus = 'complete' | 'streaming' | 'failed';

export interface ChatMessage {
  id: string;
  role: MessageRole;
  content: string;
  createdAt: string;
  status: MessageStatus;
  citations: Citation[];
}

export interface AiContext {
  uiContextId?: string;
  creatorPromptFromUI?: string;
  creatorEssenceFromUI?: string;
}

export interface SendMessageBody {
  content: { text: string }[];
  aiContext: AiContext;
}

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

export interface UrlReply {
  url: string;
}
