/**
 * The part of the contract the web app imports (`@backtalk/proto/browser`): plain
 * constants with no zod, so the browser bundle stays small. Schemas build on these.
 */

export * from './age';

export * from './boundaries';
export * from './knowledge';

export * from './discover';
export * from './my-chats';

/** Spec §2: a handle is word characters, dots and hyphens (as it appears after `/@`). */
export const HANDLE_PATTERN = /^[\w.-]+$/;

/** The group whose members hold the admin role (identity grants it; services check it). */
export const Role = { Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Whether the caller holds the admin role: membership of the admin group. */
export function isAdmin(actor: { groups: readonly string[] }): boolean {
  return actor.groups.includes(Role.Admin);
}

/**
 * Spec §5 password rules, shared by the sign-up form and identity (which
 * applies them again with its configured minimum, PASSWORD_MIN_LENGTH).
 */
export const PASSWORD_MIN_LENGTH_DEFAULT = 8;
/** Longest password accepted anywhere (ASVS 6.2.9 asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §5: the characters that count as special, the space included. */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/** Spec §5 form messages, word for word. */
export const AuthFormMessage = {
  Required: 'This field is required',
  InvalidEmail: 'Please enter a valid email',
  PasswordsMustMatch: 'Your passwords must match',
  PasswordLowerCase: 'Password must have lower case letters',
  PasswordUpperCase: 'Password must have upper case letters',
  PasswordNumbers: 'Password must have numbers',
  PasswordSpecial: 'Password must have special characters',
} as const;

export function passwordMinLengthMessage(minLength: number): string {
  return `Password must have at least ${minLength} characters`;
}

/** Every §5 rule the password breaks, in the spec's order; empty when it is acceptable. */
export function passwordRuleViolations(
  password: string,
  minLength: number = PASSWORD_MIN_LENGTH_DEFAULT,
): string[] {
  const violations: string[] = [];
  if ([...password].length < minLength) violations.push(passwordMinLengthMessage(minLength));
  if (!/\p{Ll}/u.test(password)) violations.push(AuthFormMessage.PasswordLowerCase);
  if (!/\p{Lu}/u.test(password)) violations.push(AuthFormMessage.PasswordUpperCase);
  if (!/[0-9]/.test(password)) violations.push(AuthFormMessage.PasswordNumbers);
  if (![...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character)))
    violations.push(AuthFormMessage.PasswordSpecial);
  return violations;
}

/** The header the web app sends on cookie-authenticated auth routes (refresh, sign-out): CSRF defence. */
export const CSRF_HEADER = 'X-Backtalk-CSRF';

/** Spec §1 and DESIGN "Sign-in providers": the federated providers, each shown only when configured. */
export const OAUTH_PROVIDERS = ['google', 'apple', 'amazon', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The name on the federated buttons ('Sign In with {provider}', 'Sign Up with {provider}'). */
export const OAuthProviderLabel: Record<OAuthProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  amazon: 'Amazon',
  facebook: 'Facebook',
};

/**
 * Why an OAuth sign-in ended without a session: the `reason` of the
 * `/sign-in?oauth=error&reason=…` redirect, and what the screen says for it.
 */
export const OAuthErrorMessage = {
  /** The user cancelled at the provider (`error=access_denied`, Apple's `user_cancelled_authorize`). */
  cancelled: 'Sign-in was cancelled.',
  /** The provider answered another error. */
  provider_error: 'The sign-in provider reported an error. Please try again.',
  /** The sign-in is unknown, expired (10 minutes by default) or was already used. */
  expired: 'This sign-in has expired or was already used. Please try again.',
  /** The callback reached a browser that did not start the sign-in (no or another binding cookie). */
  browser_mismatch: 'This sign-in was started in another browser or tab. Please try again here.',
  /** The code exchange or the ID token check failed (wrong PKCE verifier, bad signature, wrong nonce…). */
  exchange_failed: 'We could not confirm your sign-in with the provider. Please try again.',
  /** The provider vouches for the email, but the existing account with it never verified it. */
  account_unverified:
    'An account with this email already exists but its email is not verified. Sign in with your email and password and verify your email first.',
  /** The provider could not be reached. */
  unavailable: 'The sign-in provider could not be reached. Please try again later.',
  /** Spec §8: a configuration error. */
  misconfigured: 'Configuration error (see console) – please contact the administrator',
} as const;
export type OAuthErrorReason = keyof typeof OAuthErrorMessage;
export const OAUTH_ERROR_REASONS = Object.keys(OAuthErrorMessage) as [
  OAuthErrorReason,
  ...OAuthErrorReason[],
];

/** Spec §8: shown when signing out of the provider (its end-session URL) fails. */
export const OAUTH_LOGOUT_FAILED_MESSAGE =
  'An error occurred when attempting to log out from OAuth provider.';

/** Spec §9: the OAuth state is 32 random alphanumerics and the PKCE code verifier 128. */
export const OAUTH_STATE_LENGTH = 32;
export const OAUTH_CODE_VERIFIER_LENGTH = 128;
export * from './model-access';

/**
 * Spec §4 "Creator init progress": the 13 ordered statuses of a creator's initialisation, word
 * for word. Progress is step index / 13 (docs/creators.md, "Initialisation pipeline").
 */
export const CREATOR_INIT_STATUSES = [
  'Starting creator onboarding...',
  'Looking up TikTok profile link...',
  'Found TikTok profile. Fetching recent videos...',
  'Fetching latest videos...',
  'Fetched videos.',
  'Processing video data...',
  'Processed videos. Analyzing content...',
  'Creating your creator profile...',
  'Creator profile created. Saving your posts...',
  'Uploading your posts...',
  'Uploaded posts.',
  'Finalizing your setup...',
  'All done! Your creator account is ready.',
] as const;
export type CreatorInitStatusText = (typeof CREATOR_INIT_STATUSES)[number];
/** The last step's index (12). */
export const CREATOR_INIT_LAST_STEP = CREATOR_INIT_STATUSES.length - 1;

/** Spec §5 "Admin demo", word for word: the profile link must contain @. */
export const ADMIN_DEMO_URL_MISSING_AT = 'Please enter a valid TikTok URL containing @ symbol';
/** What the admin demo flow says of a link with @ that is still not a TikTok profile link. */
export const ADMIN_DEMO_URL_INVALID =
  'Enter a TikTok profile link such as https://www.tiktok.com/@handle (or just @handle).';
/** The longest profile link the admin demo flow accepts. */
export const ADMIN_DEMO_URL_MAX_LENGTH = 300;

/**
 * The handle of a TikTok profile link as the admin demo flow takes it (docs/creators.md, "Admin
 * demo accounts"): `@handle`, or a link to a profile on tiktok.com (`https://www.tiktok.com/@handle`,
 * scheme optional, a trailing slash, query or fragment allowed). Lower-cased; null for anything
 * else, such as another site, a video link or a handle with characters a handle cannot have.
 */
export function handleFromTiktokProfileUrl(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > ADMIN_DEMO_URL_MAX_LENGTH) return null;
  let segment: string;
  if (text.startsWith('@')) {
    segment = text.split(/[?#]/)[0]!.replace(/\/$/, '');
  } else {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    } catch {
      return null;
    }
    const host = url.hostname.toLowerCase();
    if (!/^https?:$/.test(url.protocol) || (host !== 'tiktok.com' && !host.endsWith('.tiktok.com')))
      return null;
    if (url.username || url.password || url.port) return null;
    const segments = url.pathname.split('/').filter((part) => part.length > 0);
    if (segments.length !== 1) return null;
    segment = decodeURIComponentSafe(segments[0]!);
  }
  if (!segment.startsWith('@')) return null;
  const handle = segment.slice(1);
  if (handle.length === 0 || handle.length > 64 || !HANDLE_PATTERN.test(handle)) return null;
  return handle.toLowerCase();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
