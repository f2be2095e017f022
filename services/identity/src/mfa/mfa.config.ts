import { booleanFlagSchema } from '@backtalk/kit';

/** Second factors (docs/architecture.md, "MFA"). */
export const mfaConfigShape = {
  MFA_REQUIRED: booleanFlagSchema
    .default(false)
    .describe(
      "spec §9 'MFA configuration NONE', read as optional per user (`false`): each account may turn on an authenticator app (TOTP) or email codes. `true`: a password sign-in without a second factor sets one up first (selectMfaType, then setupTotp or setupEmail), and the last factor cannot be turned off",
    ),
};
