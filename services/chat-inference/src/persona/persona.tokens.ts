export const CHAT_MODEL = Symbol('backtalk:chat-model');
