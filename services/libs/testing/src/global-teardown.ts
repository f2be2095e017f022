export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __backtalkEmbeddedPg?: { stop(): Promise<void> } };
  await state.__backtalkEmbeddedPg?.stop();
  state.__backtalkEmbeddedPg = undefined;
}
