import { create } from 'zustand';

interface DeleteAccountDialogState {
  open: boolean;
  show(): void;
  hide(): void;
}

/** Whether the delete-account dialog is open; it lives outside the account menu, as the passkey dialog does. */
export const useDeleteAccountDialogStore = create<DeleteAccountDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

/** For the account menu's 'Delete account' entry. */
export function openDeleteAccountDialog(): void {
  useDeleteAccountDialogStore.getState().show();
}
