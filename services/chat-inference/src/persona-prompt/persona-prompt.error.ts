export enum PersonaPromptErrorCode {
  /** The fan's message plus the rules alone do not fit the model's context. */
  MessageTooLong = 'PROMPT_MESSAGE_TOO_LONG',
  InvalidInput = 'PROMPT_INVALID_INPUT',
}

export class PersonaPromptError extends Error {
  /** `@backtalk/proto` ErrorCode both codes travel as: the request cannot be served as sent. */
  readonly wireCode = 'VALIDATION_FAILED' as const;

  constructor(
    readonly code: PersonaPromptErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PersonaPromptError';
  }
}
