import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  confirmEmailMfa,
  deleteAccount,
  confirmTotpSetup,
  disableMfa,
  getMfaSettings,
  listSessions,
  type MfaMethod,
  type MfaSettings,
  revokeAllSessions,
  revokeSession,
  sendMfaEmailCode,
  sendMfaSmsCode,
  startSmsMfa,
  confirmSmsMfa,
  startEmailMfa,
  startTotpSetup,
} from './account.api';
import { listPasskeys, removePasskey } from './passkeys.api';
import { confirmAttribute, verifyAttribute } from './sign-in.api';

// Server state of the account page. Keys carry the user, so another account never sees a cached
// answer of the previous one; `['passkeys']` alone matches every user's list (registering a
// passkey from the account menu invalidates it).
const accountQueryKeys = {
  sessions: (userId: string) => ['sessions', userId] as const,
  mfa: (userId: string) => ['mfa', userId] as const,
  passkeys: (userId: string) => ['passkeys', userId] as const,
};

export function useSessionsQuery(userId: string) {
  return useQuery({
    queryKey: accountQueryKeys.sessions(userId),
    queryFn: ({ signal }) => listSessions(signal),
  });
}

export function useRevokeSessionMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => client.invalidateQueries({ queryKey: accountQueryKeys.sessions(userId) }),
  });
}

/** 'Sign out everywhere'; the caller then turns the app into a guest. */
export function useRevokeAllSessionsMutation() {
  return useMutation({ mutationFn: revokeAllSessions });
}

export function useMfaSettingsQuery(userId: string) {
  return useQuery({
    queryKey: accountQueryKeys.mfa(userId),
    queryFn: ({ signal }) => getMfaSettings(signal),
  });
}

/** A mutation whose answer is the new MFA settings, which replace the cached ones. */
function useMfaUpdate<Input>(userId: string, mutationFn: (input: Input) => Promise<MfaSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => client.setQueryData(accountQueryKeys.mfa(userId), settings),
  });
}

export function useStartTotpMutation() {
  return useMutation({ mutationFn: startTotpSetup });
}

export function useConfirmTotpMutation(userId: string) {
  return useMfaUpdate(userId, confirmTotpSetup);
}

export function useStartEmailMfaMutation() {
  return useMutation({ mutationFn: startEmailMfa });
}

export function useConfirmEmailMfaMutation(userId: string) {
  return useMfaUpdate(userId, confirmEmailMfa);
}

export function useSendMfaEmailCodeMutation() {
  return useMutation({ mutationFn: sendMfaEmailCode });
}

export function useStartSmsMfaMutation() {
  return useMutation({ mutationFn: startSmsMfa });
}

export function useConfirmSmsMfaMutation(userId: string) {
  return useMfaUpdate(userId, confirmSmsMfa);
}

export function useSendMfaSmsCodeMutation() {
  return useMutation({ mutationFn: sendMfaSmsCode });
}

export function useDisableMfaMutation(userId: string) {
  return useMfaUpdate(userId, ({ method, code }: { method: MfaMethod; code: string }) =>
    disableMfa(method, code),
  );
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}

/** Emails a code that verifies the account's email address. */
export function useSendEmailVerificationMutation() {
  return useMutation({ mutationFn: () => verifyAttribute('email') });
}

export function useConfirmEmailVerificationMutation() {
  return useMutation({ mutationFn: (code: string) => confirmAttribute('email', code) });
}

/** Texts a code that verifies the account's phone number. */
export function useSendPhoneVerificationMutation() {
  return useMutation({ mutationFn: () => verifyAttribute('phone_number') });
}

/** A verified phone number makes text message codes available: the MFA settings are read again. */
export function useConfirmPhoneVerificationMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmAttribute('phone_number', code),
    onSuccess: () => client.invalidateQueries({ queryKey: accountQueryKeys.mfa(userId) }),
  });
}

export function usePasskeysQuery(userId: string) {
  return useQuery({
    queryKey: accountQueryKeys.passkeys(userId),
    queryFn: ({ signal }) => listPasskeys(signal),
  });
}

export function useRemovePasskeyMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => client.invalidateQueries({ queryKey: accountQueryKeys.passkeys(userId) }),
  });
}
