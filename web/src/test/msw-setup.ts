import { resetApiMock, server } from './api-mock';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetApiMock());
afterAll(() => server.close());
