// Which step of spec §2 "Authentication screens" /sign-in shows, with what the step needs. The
// step always comes from the server's `nextStep` (applyReply); only the tabs, 'Forgot your
// password?', 'Back to Sign In' and 'Skip' move between steps on the client.
import { create } from 'zustand';
import type { AuthFlowReply, CodeDelivery, MfaType, VerifiableAttribute } from '../../api';
import { useSessionStore } from '../session';

export type Screen =
  | { step: 'signIn'; email?: string; notice?: string; error?: string }
  | { step: 'signUp' }
  | { step: 'confirmSignUp'; email: string; codeDelivery: CodeDelivery; challenge?: string }
  | { step: 'confirmSignIn'; method: MfaType; codeDelivery?: CodeDelivery; challenge: string }
  | { step: 'setupTotp'; secret: string; otpauthUri: string; challenge: string }
  | { step: 'setupEmail'; challenge: string }
  | { step: 'selectMfaType'; allowed: MfaType[]; challenge: string }
  | { step: 'forceNewPassword'; challenge: string }
  | { step: 'forgotPassword'; email?: string }
  | { step: 'confirmResetPassword'; email: string; codeDelivery: CodeDelivery }
  | { step: 'verifyUser'; unverified: { attribute: VerifiableAttribute; destination: string }[] }
  | { step: 'confirmVerifyUser'; attribute: VerifiableAttribute; codeDelivery: CodeDelivery }
  | { step: 'done' };

/** The page's entry (spec §2): waiting for the session, ready, or the sign-out of an existing session failed. */
type Entry = 'waiting' | 'ready' | 'signOutFailed';

interface SignInFlowState {
  screen: Screen;
  entry: Entry;
  show(screen: Screen): void;
  setEntry(entry: Entry): void;
  reset(): void;
}

export const useSignInFlow = create<SignInFlowState>()((set) => ({
  screen: { step: 'signIn' },
  entry: 'waiting',
  show: (screen) => set({ screen }),
  setEntry: (entry) => set({ entry }),
  reset: () => set({ screen: { step: 'signIn' }, entry: 'waiting' }),
}));

/** Spec §4/§9: auto sign-in after sign-up gives up after 180000 ms. */
export const AUTO_SIGN_IN_TIMEOUT_MS = 180000;
export const AUTO_SIGN_IN_TIMEOUT_MESSAGE = 'The account was not confirmed on time.';
/** Spec §9: auto sign-in asks every 5 s, and never twice within 300 ms. */
export const AUTO_SIGN_IN_POLL_MS = 5000;
export const AUTO_SIGN_IN_GUARD_MS = 300;

/**
 * The sign-up whose confirmation may sign in automatically: the server signs in on confirmation
 * when the sign-up's challenge is still live (3 minutes); when it answers `signIn` instead, the
 * password typed at sign-up signs in — within 180000 ms of the sign-up, else the user is told.
 */
let pendingAutoSignIn: { email: string; password: string; startedAt: number } | null = null;

export function rememberForAutoSignIn(email: string, password: string): void {
  pendingAutoSignIn = { email, password, startedAt: Date.now() };
}

/** When `email`'s sign-up in this page started (epoch ms), while its auto sign-in is pending. */
export function autoSignInStartedAt(email: string): number | null {
  return pendingAutoSignIn?.email === email ? pendingAutoSignIn.startedAt : null;
}

export function takeAutoSignIn(email: string): { password: string } | 'expired' | null {
  const pending = pendingAutoSignIn;
  pendingAutoSignIn = null;
  if (!pending || pending.email !== email) return null;
  return Date.now() - pending.startedAt > AUTO_SIGN_IN_TIMEOUT_MS
    ? 'expired'
    : { password: pending.password };
}

function forgetAutoSignIn(): void {
  pendingAutoSignIn = null;
}

/**
 * Shows the step the server asked for. Signed in (`done`, or `verifyUser` with its session): the
 * session store adopts the tokens first. `email` is the address of the flow, for the steps that
 * need it.
 */
export async function applyReply(reply: AuthFlowReply, email?: string): Promise<void> {
  const { show } = useSignInFlow.getState();
  const next = reply.nextStep;
  if ((next.step === 'done' || next.step === 'verifyUser') && reply.session) {
    forgetAutoSignIn();
    await useSessionStore.getState().signedIn(reply.session);
  }
  switch (next.step) {
    case 'done':
      return show({ step: 'done' });
    case 'verifyUser':
      return show({ step: 'verifyUser', unverified: next.unverified });
    case 'signIn':
      return show({ step: 'signIn', ...(email ? { email } : {}) });
    case 'confirmSignUp':
      return show({
        step: 'confirmSignUp',
        email: email ?? '',
        codeDelivery: next.codeDelivery,
        ...(reply.challenge ? { challenge: reply.challenge } : {}),
      });
    case 'resetPassword':
      return show({ step: 'forgotPassword', ...(email ? { email } : {}) });
    default:
      break;
  }
  const challenge = reply.challenge ?? '';
  switch (next.step) {
    case 'confirmSignIn':
      return show({
        step: 'confirmSignIn',
        method: next.method,
        ...(next.codeDelivery ? { codeDelivery: next.codeDelivery } : {}),
        challenge,
      });
    case 'setupTotp':
      return show({ step: 'setupTotp', secret: next.secret, otpauthUri: next.otpauthUri, challenge });
    case 'setupEmail':
      return show({ step: 'setupEmail', challenge });
    case 'selectMfaType':
      return show({ step: 'selectMfaType', allowed: next.allowed, challenge });
    case 'forceNewPassword':
      return show({ step: 'forceNewPassword', challenge });
  }
}
