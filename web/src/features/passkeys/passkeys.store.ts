import { create } from 'zustand';

interface PasskeyDialogState {
  open: boolean;
  show(): void;
  hide(): void;
}

/**
 * Whether the passkey dialog is open. The account menu opens it and closes at once; the dialog
 * lives outside the menu, so the ceremony and its outcome outlast the menu.
 */
export const usePasskeyDialogStore = create<PasskeyDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

/** For the account menu's 'Register a passkey' entry. */
export function openPasskeyDialog(): void {
  usePasskeyDialogStore.getState().show();
}
