import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dropdown, MenuItem, MenuSeparator } from './Dropdown';

function renderMenu(onSelect = jest.fn()) {
  render(
    <>
      <button type="button">Elsewhere</button>
      <Dropdown ariaLabel="Account menu" label="Maya">
        {() => (
          <>
            <MenuItem onSelect={() => onSelect('first')}>
              <button type="button">First</button>
            </MenuItem>
            <MenuItem onSelect={() => onSelect('second')}>
              <button type="button">Second</button>
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => onSelect('third')}>
              <a href="/third">Third</a>
            </MenuItem>
          </>
        )}
      </Dropdown>
    </>,
  );
  return onSelect;
}
const toggle = () => screen.getByRole('button', { name: 'Account menu' });

describe('Dropdown', () => {
  afterEach(cleanup);

  it('opens from the keyboard on the first item, and ArrowDown/ArrowUp move between items', async () => {
    renderMenu();
    toggle().focus();
    fireEvent.keyDown(toggle(), { key: 'ArrowDown' });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('First'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Second'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Third'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Second'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    renderMenu();
    toggle().focus();
    fireEvent.keyDown(toggle(), { key: 'Enter' });
    expect(screen.getByRole('menu')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('First'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(toggle()));
  });

  it('chooses an item with Enter and closes', async () => {
    const onSelect = renderMenu();
    toggle().focus();
    fireEvent.keyDown(toggle(), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('First'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Second'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('second');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
