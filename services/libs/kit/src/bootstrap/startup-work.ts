/**
 * Catch-up work a service does at start that nothing needs before the process
 * is ready (ingestion's fill of the post index): a service hands it to
 * `afterStartup`, and the host that starts the service decides when it runs.
 * Standalone mode starts seven services on one thread, so work that runs while
 * the others start delays readiness by its CPU time; its launcher holds such
 * work until the gateway listens.
 */
type StartupWork = () => Promise<void>;

let pending: StartupWork[] | undefined;

export interface StartupWorkHold {
  /** Runs the held work; resolves when every piece of it has settled. */
  release(): Promise<void>;
  /** Drops the held work unrun (the host failed to start and is stopping its services). */
  discard(): void;
}

const nestedHold: StartupWorkHold = { release: async () => undefined, discard: () => undefined };

/**
 * Holds start-up work handed to `afterStartup` from now on until the returned
 * hold is released. Only the outermost hold counts: a host started inside
 * another's hold (a test holding, then booting services) gets a hold that does
 * nothing, and the outer host decides.
 */
export function holdStartupWork(): StartupWorkHold {
  if (pending) return nestedHold;
  const queue: StartupWork[] = [];
  pending = queue;
  const drain = (): StartupWork[] => {
    if (pending === queue) pending = undefined;
    return queue.splice(0);
  };
  return {
    release: async () => {
      await Promise.allSettled(drain().map((work) => Promise.resolve().then(work)));
    },
    discard: () => void drain(),
  };
}

/** Runs `work` when the host releases start-up work, or at once when nothing holds it. */
export function afterStartup(work: StartupWork): void {
  if (pending) pending.push(work);
  else
    void Promise.resolve()
      .then(work)
      .catch(() => undefined);
}
