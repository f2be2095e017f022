import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import styles from './passkeys.module.css';
import { usePasskeyDialogStore } from './passkeys.store';
import { RegisterPasskey } from './RegisterPasskey';

/**
 * 'Register a passkey' for the signed-in account, opened from the account menu
 * (`openPasskeyDialog`). Mount it once beside the menu, outside its dropdown.
 */
export function PasskeyDialog() {
  const open = usePasskeyDialogStore((state) => state.open);
  const hide = usePasskeyDialogStore((state) => state.hide);
  return (
    <Modal
      open={open}
      title="Passkeys"
      onClose={hide}
      actions={
        <Button variant="ghost" onClick={hide}>
          Close
        </Button>
      }
    >
      <p className={styles['passkey__intro']}>
        Sign in without a password: this device unlocks the passkey with your fingerprint, face or screen
        lock.
      </p>
      <RegisterPasskey />
    </Modal>
  );
}
