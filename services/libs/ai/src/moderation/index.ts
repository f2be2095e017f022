export * from './moderation.port';
export * from './moderation.setup';
export { moderationFloor } from './moderation-floor';
export { LlamaGuardProvider } from './llama-guard.provider';
export { BoundaryJudge } from './boundary-judge';
export { LocalLlamaGuardProvider } from './local-llama-guard.provider';
