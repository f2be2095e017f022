export * from './moderation.port';
export * from './moderation.setup';
export { moderationFloor } from './moderation-floor';
