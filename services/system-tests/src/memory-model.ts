import type { FakeChatRequest } from '@backtalk/testing';

/** The first line of the memory job's instructions (memory-rules.ts, extractionPrompt). */
const EXTRACTION = /^You keep notes for .+ about the fan it chats with\./;

/**
 * A deterministic model for memory tests, served by startFakeChatServer. Asked by the memory job,
 * it keeps "my name is X" as "The fan's name is X." and "I love X" as "The fan loves X." (or
 * answers [] when the message says neither). As the persona it greets a fan by the name its
 * prompt's memory block holds, else asks for it; and it says which language it was told.
 */
export function memoryModel() {
  return (request: FakeChatRequest): string => {
    const system = request.messages[0]?.content ?? '';
    const last = request.messages.at(-1)?.content ?? '';
    if (EXTRACTION.test(system)) {
      const message = last.split('Fan message:\n')[1] ?? '';
      const facts = [
        ...[...message.matchAll(/my name is (\p{L}+)/giu)].map(([, name]) => `The fan's name is ${name}.`),
        ...[...message.matchAll(/I love ([\p{L} ]+?)(?:[.!,]|$)/giu)].map(
          ([, what]) => `The fan loves ${what}.`,
        ),
      ];
      return JSON.stringify(facts);
    }
    const memory = /<memory>\n([\s\S]*?)\n<\/memory>/.exec(system)?.[1] ?? '';
    const name = /The fan's name is (\p{L}+)/u.exec(memory)?.[1];
    const language = /The fan writes in (\w+);/.exec(system)?.[1] ?? 'unknown';
    return name ? `Welcome back, ${name}! (${language})` : `Hi there! What's your name? (${language})`;
  };
}
