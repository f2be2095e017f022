import { configure } from '@testing-library/react';
import { resetApiMock, server } from './api-mock';

// Lazy routes load their module on first render, which on a busy CI machine can take longer
// than Testing Library's default 1 s wait for `findBy…` and `waitFor`.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetApiMock());
afterAll(() => server.close());
