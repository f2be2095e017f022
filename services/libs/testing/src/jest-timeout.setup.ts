// Every project's tests and hooks (beforeAll starts services and clones databases) get 30 s
// instead of jest's 5: on a loaded 2-core CI machine a service start alone has taken longer.
// A test that hangs still fails, later. system-tests sets its own, longer limit.
jest.setTimeout(30_000);
