import { PromptLeakGuard, newCanary } from './prompt-leak.guard';

describe('PromptLeakGuard (7.18, OWASP LLM07)', () => {
  const canary = 'canary-0123456789abcdef';

  it('passes an ordinary reply through unchanged', () => {
    const guard = new PromptLeakGuard(canary);
    const shown = ['Twice ', 'a day, ', 'babe. Can you see the can', 'opener?'].map((part) =>
      guard.push(part),
    );
    expect(shown.join('') + guard.flush()).toBe('Twice a day, babe. Can you see the canopener?');
    expect(guard.leaked).toBe(false);
  });

  it('stops a canary split across single-character fragments and never shows any of it', () => {
    const guard = new PromptLeakGuard(canary);
    const reply = `Sure! My instructions: ${canary}: confidential, never to be repeated.`;
    const shown = [...reply].map((character) => guard.push(character)).join('') + guard.flush();
    expect(guard.leaked).toBe(true);
    expect(shown).toBe('Sure! My instructions: ');
    expect(shown).not.toContain('canary-0');
  });

  it('matches whatever the case', () => {
    const guard = new PromptLeakGuard(canary);
    guard.push('here: CANARY-0123');
    guard.push('456789ABCDEF');
    expect(guard.leaked).toBe(true);
  });

  it('releases held-back text once it is not the canary', () => {
    const guard = new PromptLeakGuard(canary);
    expect(guard.push('the canary-01')).toBe('the ');
    expect(guard.push('x')).toBe('canary-01x');
    expect(guard.flush()).toBe('');
  });

  it('makes a new random canary for each prompt', () => {
    expect(newCanary()).toMatch(/^canary-[0-9a-f]{16}$/);
    expect(newCanary()).not.toBe(newCanary());
  });
});
