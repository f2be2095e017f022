export * from './persona-prompt.builder';
export * from './persona-prompt.error';
export * from './prompt-leak.guard';
