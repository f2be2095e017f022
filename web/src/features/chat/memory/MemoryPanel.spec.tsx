import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { apiCalls, errorResponse, http, server } from '../../../test/api-mock';
import { WithProviders, resetAppState, signInAs } from '../../../test/fixtures';
import { MemoryPanel } from './MemoryPanel';

const CREATOR = '00000000-0000-4000-8000-0000000000c1';
const memory = (id: string, text: string) => ({
  id,
  creatorId: CREATOR,
  text,
  createdAt: '2026-11-27T04:00:00.000Z',
  updatedAt: '2026-11-27T04:00:00.000Z',
});
const NAME = memory('00000000-0000-4000-8000-000000000001', "The fan's name is Sam.");
const YOGA = memory('00000000-0000-4000-8000-000000000002', 'The fan loves yoga.');

function renderPanel(first = true) {
  render(
    <WithProviders>
      <MemoryPanel creatorId={CREATOR} creatorName="Tilly" />
    </WithProviders>,
  );
  // Folded until opened: nothing is asked before.
  if (first) expect(apiCalls('GET', '/api/memories')).toHaveLength(0);
  fireEvent.click(screen.getByText('What Tilly remembers'));
}

describe('What <persona> remembers (issue 24 item 2)', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ ageBand: 'adult' });
  });
  afterEach(cleanup);

  it('lists the memories of this creator and deletes one', async () => {
    let memories = [NAME, YOGA];
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories, enabled: true })),
      http.delete('/api/memories/{memoryId}', ({ response }) => {
        memories = [YOGA];
        return response(200).json({ deleted: true });
      }),
    );
    renderPanel();
    expect(await screen.findByText("The fan's name is Sam.")).toBeTruthy();
    expect(apiCalls('GET', '/api/memories')[0].query).toEqual({ creatorId: CREATOR });
    fireEvent.click(screen.getByRole('button', { name: "Delete: The fan's name is Sam." }));
    await screen.findByText('The fan loves yoga.');
    await waitForGone("The fan's name is Sam.");
    expect(apiCalls('DELETE')).toHaveLength(1);
  });

  it('edits a memory', async () => {
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories: [NAME], enabled: true })),
      http.patch('/api/memories/{memoryId}', ({ response }) =>
        response(200).json({ ...NAME, text: "The fan's name is Samuel." }),
      ),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: "Edit: The fan's name is Sam." }));
    fireEvent.change(screen.getByLabelText('Remembered fact'), {
      target: { value: "The fan's name is Samuel." },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForCall('PATCH');
    expect(apiCalls('PATCH')[0].body).toEqual({ text: "The fan's name is Samuel." });
  });

  it('forgets everything after a confirmation, and turns memory off', async () => {
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories: [NAME], enabled: true })),
      http.delete('/api/memories', ({ response }) => response(200).json({ deleted: 1 })),
      http.put('/api/memories/settings', ({ response }) => response(200).json({ enabled: false })),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Forget everything' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText('Forget everything Tilly remembers about you? This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, forget everything' }));
    await waitForCall('DELETE');
    expect(apiCalls('DELETE')[0].query).toEqual({ creatorId: CREATOR });
    fireEvent.click(screen.getByRole('switch', { name: 'Remember what I tell personas' }));
    await waitForCall('PUT');
    expect(apiCalls('PUT')[0].body).toEqual({ enabled: false });
  });

  it('says when nothing is remembered, and when loading fails', async () => {
    server.use(
      http.get('/api/memories', ({ response }) => response(200).json({ memories: [], enabled: false })),
    );
    renderPanel();
    expect(await screen.findByText('Tilly doesn’t remember anything about you yet.')).toBeTruthy();
    expect(screen.getByText(/Memory is off/)).toBeTruthy();
    cleanup();
    server.use(http.get('/api/memories', () => errorResponse(500, 'INTERNAL', 'boom')));
    renderPanel(false);
    expect(await screen.findByText('Could not load what is remembered. Try again.')).toBeTruthy();
  });
});

async function waitForCall(method: string) {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(apiCalls(method).length).toBeGreaterThan(0));
}

async function waitForGone(text: string) {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}
