/**
 * Suites that need a component the machine may lack (Chromium, NATS, helm, Go)
 * find it or report themselves skipped with the reason in their name. CI sets
 * BACKTALK_TEST_REQUIRE_ALL=true, which turns every such skip into a failing
 * test naming what is missing, so CI always runs everything.
 */
export const REQUIRE_ALL_VARIABLE = 'BACKTALK_TEST_REQUIRE_ALL';

/**
 * Components that cannot be installed on the machines this project runs on,
 * and so stay optional even when everything else is required (no Qdrant
 * server ships through npm or Debian; see docs/architecture.md).
 */
export const OPTIONAL_EVERYWHERE = ['qdrant'] as const;

export function everythingRequired(): boolean {
  return process.env[REQUIRE_ALL_VARIABLE] === 'true';
}

/**
 * `describe` when `problem` is null; otherwise a skipped suite whose name says
 * why, or — when everything is required — a failing test that says what is missing.
 */
export function describeWhenAvailable(
  component: string,
  problem: string | null,
  name: string,
  fn: () => void,
): void {
  if (problem === null) {
    describe(name, fn);
  } else if (everythingRequired() && !(OPTIONAL_EVERYWHERE as readonly string[]).includes(component)) {
    describe(name, () => {
      it(`needs ${component}`, () => {
        throw new Error(`${component} is required (${REQUIRE_ALL_VARIABLE}=true) but ${problem}`);
      });
    });
  } else {
    describe.skip(`${name} [skipped: ${component} — ${problem}]`, fn);
  }
}

/** A `describe` (with `.each`) for a whole file of suites that need the same component. */
export interface ComponentDescribe {
  (name: string, fn: () => void): void;
  each<T extends unknown[]>(table: T[]): (name: string, fn: (...row: T) => void) => void;
  available: boolean;
}

export function describeNeeding(component: string, problem: string | null): ComponentDescribe {
  const suite = ((name: string, fn: () => void) =>
    describeWhenAvailable(component, problem, name, fn)) as ComponentDescribe;
  suite.available = problem === null;
  suite.each =
    <T extends unknown[]>(table: T[]) =>
    (name: string, fn: (...row: T) => void) => {
      if (problem === null)
        describe.each(table as unknown as unknown[][])(name, fn as unknown as (...args: unknown[]) => void);
      else describeWhenAvailable(component, problem, name, () => undefined);
    };
  return suite;
}

/** One test that needs a component, with the same rules as `describeWhenAvailable`. */
export function itWhenAvailable(
  component: string,
  problem: string | null,
  name: string,
  fn: () => Promise<void>,
  timeoutMs?: number,
): void {
  if (problem === null) it(name, fn, timeoutMs);
  else if (everythingRequired() && !(OPTIONAL_EVERYWHERE as readonly string[]).includes(component)) {
    it(name, () => {
      throw new Error(`${component} is required (${REQUIRE_ALL_VARIABLE}=true) but ${problem}`);
    });
  } else it.skip(`${name} [skipped: ${component} — ${problem}]`, fn);
}
