import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Subscribe"
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button data-autofocus>Subscribe now</Button>
          </>
        }
      >
        <a href="/terms-of-service">Terms</a>
      </Modal>
    </>
  );
}

const openModal = () => {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('Modal', () => {
  afterEach(cleanup);

  it('is a labelled dialog that focuses the data-autofocus element', () => {
    render(<Harness />);
    openModal();
    expect(screen.getByRole('dialog', { name: 'Subscribe' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Subscribe now');
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    openModal();
    const dialog = screen.getByRole('dialog');
    const last = screen.getByRole('button', { name: 'Subscribe now' });
    const first = screen.getByRole('link', { name: 'Terms' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness />);
    const opener = openModal();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
