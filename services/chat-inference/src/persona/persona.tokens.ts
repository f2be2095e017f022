export const CHAT_MODEL = Symbol('backtalk:chat-model');
/** The process's own copy of creators' posts, or null where ingestion's index is reachable (see CreatorPostsCopy). */
export const CREATOR_POSTS_COPY = Symbol('backtalk:creator-posts-copy');
