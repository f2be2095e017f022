import { ServiceError } from '@backtalk/kit';
import { AiErrorCode, ChatErrorCode, defaultMessageFor, ErrorCode, type WireError } from '@backtalk/proto';

/** Why a prompt cannot be built, as codes from `@backtalk/proto`'s lists (each with its fan-facing text). */
export const PersonaPromptErrorCode = {
  /** The fan's message plus the rules alone do not fit the model's context: only a shorter message helps. */
  MessageTooLong: ChatErrorCode.MessageTooLong,
  /** Even a short message, with the creator's texts left out, leaves no room for a reply: the model is too small. */
  ContextTooSmall: AiErrorCode.ModelTooSmall,
  InvalidInput: ErrorCode.ValidationFailed,
} as const;
export type PersonaPromptErrorCode = (typeof PersonaPromptErrorCode)[keyof typeof PersonaPromptErrorCode];

/**
 * A prompt that cannot be built, as the shared error type. `message` is for
 * the log (token counts, the settings to change); what leaves the service is
 * the code's fan-facing text, which never asks the fan to retry.
 */
export class PersonaPromptError extends ServiceError {
  declare readonly code: PersonaPromptErrorCode;

  constructor(code: PersonaPromptErrorCode, message: string) {
    super(code, message);
  }

  override toWire(): WireError {
    return { code: this.code, message: defaultMessageFor(this.code) };
  }
}
