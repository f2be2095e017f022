import { ErrorCode } from '@backtalk/proto';
import { renderError } from './error-body';
import { ServiceError } from './service-error';

describe('renderError, the one {code, message} renderer for HTTP and SSE', () => {
  it('answers a typed error with its status and lifts the details a client acts on', () => {
    const next = '2030-01-01T00:00:00.000Z';
    const { status, body } = renderError(
      new ServiceError(ErrorCode.RateLimited, 'Wait a minute.', { nextAvailableTime: next }),
    );
    expect(status).toBe(429);
    expect(body).toMatchObject({ code: 'RATE_LIMITED', message: 'Wait a minute.', nextAvailableTime: next });
  });

  it('gives an error raised without a message its code’s fan-facing text', () => {
    const { status, body } = renderError(new ServiceError(ErrorCode.ConversationNotFound));
    expect(status).toBe(404);
    expect(body.message).toMatch(/Open the creator’s chat again\.$/);
  });

  it('renders anything else as INTERNAL without leaking its message', () => {
    const { status, body } = renderError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(status).toBe(500);
    expect(body.code).toBe('INTERNAL');
    expect(body.message).not.toContain('ECONNREFUSED');
    expect(body.message).toMatch(/reload the page\.$/);
  });
});
