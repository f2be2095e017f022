export * from './persona-prompt.builder';
export * from './persona-prompt.error';
export * from './token-counter';
export * from './prompt-leak.guard';
