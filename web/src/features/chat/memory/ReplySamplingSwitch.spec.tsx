import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { apiCalls, http, server } from '../../../test/api-mock';
import { WithProviders, resetAppState, signInAs } from '../../../test/fixtures';
import { MemoryPanel } from './MemoryPanel';
import { SAMPLING_TEXT } from './ReplySamplingSwitch';

const CREATOR = '00000000-0000-4000-8000-0000000000c1';

describe('the reply-sampling switch in the memory panel (docs/creators.md, "Sampled replies")', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', userId: 'user-1', ageBand: 'adult' });
  });
  afterEach(cleanup);

  it('sits beside the memory switch, on by default, and the fan turns it off', async () => {
    let sampled = true;
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories: [], enabled: true })),
      http.get('/api/reply-sampling', ({ response }) => response(200).json({ sampled })),
      http.put('/api/reply-sampling', async ({ request, response }) => {
        sampled = ((await request.json()) as { sampled: boolean }).sampled;
        return response(200).json({ sampled });
      }),
    );
    render(
      <WithProviders>
        <MemoryPanel creatorId={CREATOR} creatorName="Tilly" />
      </WithProviders>,
    );
    // Folded with the memories: nothing is asked before the panel opens.
    expect(apiCalls('GET', '/api/reply-sampling')).toHaveLength(0);
    fireEvent.click(screen.getByText('What Tilly remembers'));
    const toggle = (await screen.findByRole('switch', { name: SAMPLING_TEXT.toggle })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(SAMPLING_TEXT.explain)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByRole('switch', { name: SAMPLING_TEXT.toggle, checked: false })).toBeTruthy();
    expect(apiCalls('PUT', '/api/reply-sampling')[0]?.body).toEqual({ sampled: false });
  });

  it.each([
    ['a guest', { userType: 'guest' as const, ageBand: 'adult' as const }],
    ['a fan under 18', { userType: 'authenticated' as const, userId: 'user-2', ageBand: '16-17' as const }],
  ])('is not shown to %s, whose replies are never sampled', async (_who, user) => {
    signInAs(user);
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories: [], enabled: false })),
    );
    render(
      <WithProviders>
        <MemoryPanel creatorId={CREATOR} creatorName="Tilly" />
      </WithProviders>,
    );
    fireEvent.click(screen.getByText('What Tilly remembers'));
    await screen.findByRole('switch', { name: 'Remember what I tell personas' });
    expect(screen.queryByRole('switch', { name: SAMPLING_TEXT.toggle })).toBeNull();
    expect(apiCalls('GET', '/api/reply-sampling')).toHaveLength(0);
  });
});
