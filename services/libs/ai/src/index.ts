// The model, embedding and retrieval ports and adapters, shared by chat-inference
// (reads the post index, runs the chat model) and ingestion (embeds posts and builds the index).
export * from './llm';
export * from './retrieval';
export * from './post-index.setup';
export * from './essence/essence.generator';
export * from './chat-model.setup';
export * from './moderation';
export { BoundedMemo, type BoundedMemoLimits } from './bounded-memo';
