import { type ArgumentsHost, Logger } from '@nestjs/common';
import { defaultMessageFor, ErrorCode, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { baseConfigSchema } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { InProcessBus } from '../transport/in-process.bus';
import { InProcessClient } from '../transport/in-process.client';
import { ServiceClient } from '../transport/service-client';
import { renderError } from './error-body';
import { RpcErrorFilter } from './rpc-error.filter';
import { ServiceError } from './service-error';

const subject = Subjects.FeatureFlagsFlagGet;

/** What the browser is sent for `error`, and what was logged meanwhile. */
function shownAndLogged(error: unknown): { body: { code: string; message: string }; logged: string } {
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  try {
    const { body } = renderError(ServiceError.from(error));
    return { body, logged: warn.mock.calls.map((call) => String(call[0])).join('\n') };
  } finally {
    warn.mockRestore();
  }
}

/** The error a feature-flags call ends with, on a bus where `answer` plays the service. */
async function callFailure(answer: (bus: InProcessBus) => void): Promise<unknown> {
  const bus = new InProcessBus();
  answer(bus);
  const config = loadConfig(baseConfigSchema, { REQUEST_TIMEOUT_MS: '50' });
  const client = new ServiceClient(new InProcessClient(bus), config, `kit-test-${randomUUID()}`);
  return client.request(subject, { name: 'x', environment: 'development' }).catch((error: unknown) => error);
}

// Issue 21 item 13: nothing internal reaches a user. Each row is a failure whose own text is
// for the operator; the user gets the code's text from proto's list, and the log gets the rest.
describe('what a user is shown for an internal failure', () => {
  it('a TypeError thrown in a relay: INTERNAL with its own text, the TypeError only in the log', () => {
    const { body, logged } = shownAndLogged(
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    );
    expect(body).toMatchObject({ code: ErrorCode.Internal, message: defaultMessageFor(ErrorCode.Internal) });
    expect(logged).toContain("Cannot read properties of undefined (reading 'id')");
  });

  it("a provider's or the network's raw text that escaped conversion", () => {
    const raw = 'getaddrinfo ENOTFOUND api.stripe.com (sk_live_…): Invalid API Key provided';
    const { body, logged } = shownAndLogged(new Error(raw));
    expect(body).toMatchObject({ code: ErrorCode.Internal, message: defaultMessageFor(ErrorCode.Internal) });
    expect(logged).toContain(raw);
  });

  it("another service's invalid reply: INTERNAL, the zod issues only in the log", async () => {
    const failure = await callFailure((bus) =>
      bus.subscribe(subject, (message) => {
        const { id } = JSON.parse(message.data) as { id: string };
        message.respond?.(JSON.stringify({ id, response: { name: 42 }, isDisposed: true }));
      }),
    );
    const { body, logged } = shownAndLogged(failure);
    expect(body).toMatchObject({ code: ErrorCode.Internal, message: defaultMessageFor(ErrorCode.Internal) });
    expect(logged).toContain(`feature-flags sent an invalid reply to ${subject}`);
  });

  it('a service that did not answer in time: SERVICE_UNAVAILABLE with its own text', async () => {
    const failure = await callFailure((bus) => bus.subscribe(subject, () => undefined));
    const { body, logged } = shownAndLogged(failure);
    expect(body).toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      message: defaultMessageFor(ErrorCode.ServiceUnavailable),
    });
    expect(logged).toContain('feature-flags did not answer within 50 ms');
  });

  it('the same timeout inside a service, sent on to the gateway over the transport', async () => {
    const failure = await callFailure((bus) => bus.subscribe(subject, () => undefined));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const wire = await firstValueFrom(
        new RpcErrorFilter('chat-inference').catch(failure, {} as ArgumentsHost),
      ).catch((error: unknown) => error);
      expect(wire).toMatchObject({
        code: ErrorCode.ServiceUnavailable,
        message: defaultMessageFor(ErrorCode.ServiceUnavailable),
      });
      expect(JSON.stringify(wire)).not.toContain('did not answer');
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain(
        'feature-flags did not answer within 50 ms',
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('an INTERNAL wire error carrying raw text from another service', () => {
    const { body } = shownAndLogged({ code: ErrorCode.Internal, message: 'relation "x" does not exist' });
    expect(body.message).toBe(defaultMessageFor(ErrorCode.Internal));
  });

  it("still shows a service's own message written for the user", () => {
    const { body } = shownAndLogged(new ServiceError(ErrorCode.Conflict, 'Finish the initialisation first.'));
    expect(body).toMatchObject({ code: ErrorCode.Conflict, message: 'Finish the initialisation first.' });
  });
});
