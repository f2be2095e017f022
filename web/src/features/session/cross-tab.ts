// What the tabs of one browser share about the session. Tokens are in each tab's memory, but the
// refresh cookie is shared: so one tab's sign-in, sign-out or new guest is announced on a
// BroadcastChannel, and the other tabs reload their session from the cookie (spec §4: only one
// signed-in user at a time in a browser).

const CHANNEL_NAME = 'backtalk-session';

interface SessionChanged {
  type: 'session-changed';
  /** The user the cookie now belongs to, or null when signed out without a new guest. */
  userId: string | null;
}

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    // Node's BroadcastChannel (tests) would otherwise keep the process alive; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Tells the other tabs that the cookie's session changed hands. */
export function announceSessionChange(userId: string | null): void {
  const message: SessionChanged = { type: 'session-changed', userId };
  sessionChannel()?.postMessage(message);
}

/** Calls `listener` when another tab announces a change; returns the unsubscribe function. */
export function onSessionChangeElsewhere(listener: (userId: string | null) => void): () => void {
  const target = sessionChannel();
  if (!target) return () => undefined;
  const handle = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<SessionChanged> | null;
    if (data?.type === 'session-changed') listener(typeof data.userId === 'string' ? data.userId : null);
  };
  target.addEventListener('message', handle);
  return () => target.removeEventListener('message', handle);
}

/**
 * Runs `task` while holding a lock shared by this origin's tabs (Web Locks), where available.
 * `task` learns whether it had to wait for another holder first.
 */
export async function withCrossTabLock<T>(name: string, task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task(false);
  let ran = false;
  let result!: T;
  await locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    ran = true;
    result = await task(false);
  });
  if (ran) return result;
  return locks.request(name, () => task(true)) as Promise<T>;
}
