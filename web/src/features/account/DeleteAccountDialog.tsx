import { PASSWORD_MAX_LENGTH } from '@backtalk/proto/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { useDeleteAccountMutation } from '../../api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { reloadAfterChangeElsewhere } from '../session';
import styles from './account.module.css';
import { errorText } from './account-format';
import { useDeleteAccountDialogStore } from './delete-account.store';

const CONFIRM_WORD = 'DELETE';
const CONFIRM_MISMATCH_TEXT = `Type ${CONFIRM_WORD} to confirm.`;

const deleteAccountSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH),
  confirm: z.string().refine((value): boolean => value === CONFIRM_WORD, CONFIRM_MISMATCH_TEXT),
});
type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;

/**
 * Deleting one's account (docs/retention.md), opened from the account menu: the user reads
 * what happens, gives their password again (an account with one must) and types DELETE.
 * On success the session is gone — the server ended every session and cleared the cookie —
 * so the app forgets its tokens, starts over as a visitor and goes home.
 */
export function DeleteAccountDialog() {
  const open = useDeleteAccountDialogStore((state) => state.open);
  const hide = useDeleteAccountDialogStore((state) => state.hide);
  const remove = useDeleteAccountMutation();
  const navigate = useNavigate();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema),
    mode: 'onSubmit',
    defaultValues: { password: '', confirm: '' },
  });
  const close = () => {
    reset();
    remove.reset();
    hide();
  };
  const submit = handleSubmit(({ password, confirm }) =>
    remove.mutate(
      { confirm: confirm as typeof CONFIRM_WORD, ...(password ? { password } : {}) },
      {
        onSuccess: () => {
          close();
          reloadAfterChangeElsewhere(null);
          navigate('/');
        },
      },
    ),
  );
  const formId = `${id}-form`;
  return (
    <Modal
      open={open}
      title="Delete account"
      onClose={close}
      actions={
        <>
          <Button variant="ghost" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            pending={remove.isPending}
            pendingLabel="Deleting"
          >
            Delete account
          </Button>
        </>
      }
    >
      <form id={formId} className={styles['delete-account']} onSubmit={submit} noValidate>
        <p>
          This signs you out everywhere and deletes your account at once. Your conversations and, if you are a
          creator, your persona and posts are deleted after 30 days and removed from our backups within 60.
          Payment records are kept only as long as the law requires. This cannot be undone.
        </p>
        <div className={styles['field']}>
          <label htmlFor={`${id}-password`} className={styles['field__label']}>
            Password
          </label>
          <input
            id={`${id}-password`}
            type="password"
            className={styles['field__input']}
            autoComplete="current-password"
            data-autofocus
            aria-describedby={`${id}-password-hint`}
            {...register('password')}
          />
          <p id={`${id}-password-hint`} className={styles['field__hint']}>
            Leave it blank if you only sign in with Google, Apple or a passkey.
          </p>
        </div>
        <div className={styles['field']}>
          <label htmlFor={`${id}-confirm`} className={styles['field__label']}>
            Type {CONFIRM_WORD} to confirm
          </label>
          <input
            id={`${id}-confirm`}
            type="text"
            className={styles['field__input']}
            autoComplete="off"
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? `${id}-confirm-error` : undefined}
            {...register('confirm')}
          />
          {errors.confirm?.message ? (
            <p id={`${id}-confirm-error`} className={styles['field__error']}>
              {errors.confirm.message}
            </p>
          ) : null}
        </div>
        {remove.isError ? (
          <p role="alert" className={styles['field__error']}>
            {errorText(remove.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
