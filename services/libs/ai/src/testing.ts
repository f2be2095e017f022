// Test fixtures for services that use the AI library (not part of its runtime surface).
export * from './retrieval/testing/creator-posts.fixture';
export { HashedWordsEmbeddings } from './retrieval/testing/hashed-words.embeddings';
