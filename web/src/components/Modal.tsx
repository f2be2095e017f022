import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import styles from './components.module.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  actions?: ReactNode;
}

/**
 * A dialog (Radix): focus moves into it when it opens (to the element marked `data-autofocus`, else
 * the first focusable one), Tab stays inside it, Escape or a click on the backdrop closes it, and
 * focus returns to where it was.
 */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  // Radix returns focus only to its own Trigger; our callers open the dialog from anywhere.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles['modal-backdrop']}>
          <Dialog.Content
            className={styles['modal']}
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              returnFocusTo.current = document.activeElement as HTMLElement | null;
              const preferred = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
                '[data-autofocus]',
              );
              if (!preferred) return;
              event.preventDefault();
              preferred.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
              returnFocusTo.current = null;
            }}
          >
            <Dialog.Title className={styles['modal__title']}>{title}</Dialog.Title>
            <div className={styles['modal__body']}>{children}</div>
            {actions ? <div className={styles['modal__actions']}>{actions}</div> : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
