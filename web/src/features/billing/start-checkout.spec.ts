import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { resetAppState, signInAs } from '../../test/fixtures';
import { startCheckout } from './start-checkout';

describe('startCheckout', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks for a checkout for the creator and goes to its url', async () => {
    const fetchMock = installFetchMock().on(
      'POST',
      '/api/billing/checkout',
      jsonResponse(200, { url: 'https://pay.example/c/1' }),
    );
    const redirect = jest.fn();
    await startCheckout('creator-1', redirect);
    expect(fetchMock.calls[0].body).toEqual({ creatorId: 'creator-1' });
    expect(fetchMock.calls[0].headers.Authorization).toBe('Bearer access-token');
    expect(redirect).toHaveBeenCalledWith('https://pay.example/c/1');
  });

  it.each([
    ['an error answer', jsonResponse(400, { code: 'CREATOR_NOT_PAYABLE', message: 'no' })],
    ['no url', jsonResponse(200, {})],
  ])("only logs 'Error creating charge' on %s", async (_label, reply) => {
    installFetchMock().on('POST', '/api/billing/checkout', reply);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const redirect = jest.fn();
    await startCheckout('creator-1', redirect);
    expect(redirect).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Error creating charge', expect.anything());
  });
});
