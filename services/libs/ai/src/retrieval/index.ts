export * from './post-document';
export * from './retrieval.error';
export { analyzeText, stem, type AnalyzeOptions } from './lexical.analyzer';
export { reciprocalRankFusion, cosineSimilarity, DEFAULT_RRF_K } from './rank-fusion';
export {
  SparseVectorEncoder,
  termIndex,
  type SparseVector,
  type SparseVectorEncoderOptions,
} from './sparse-vector.encoder';
export { InMemoryPostIndex, type InMemoryPostIndexOptions } from './in-memory-post.index';
export {
  QdrantPostIndex,
  pointId,
  type QdrantPostIndexOptions,
  type QdrantPostClient,
} from './qdrant-post.index';
export { PostRetriever, syncPostIndex, type PostRetrieverOptions } from './post.retriever';
export { answersQuestion, personaDocuments, rankKnowledgeFirst } from './knowledge-document';
