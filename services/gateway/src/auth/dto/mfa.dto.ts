import {
  codeDeliveryReplySchema,
  mfaDisableRequestSchema,
  mfaEmailConfirmRequestSchema,
  mfaEmailStartRequestSchema,
  mfaSettingsSchema,
  mfaSmsConfirmRequestSchema,
  mfaTotpConfirmRequestSchema,
  mfaTotpStartReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Bodies are the proto requests minus what the gateway fills in (the actor, the client), strict.
const gatewayFilled = { actor: true, client: true } as const;

export class MfaSettingsResponse extends createZodDto(mfaSettingsSchema) {}
export class MfaTotpStartBody extends createZodDto(z.object({}).strict()) {}
export class MfaTotpStartResponse extends createZodDto(mfaTotpStartReplySchema) {}
export class MfaTotpConfirmBody extends createZodDto(
  mfaTotpConfirmRequestSchema.omit(gatewayFilled).strict(),
) {}
export class MfaEmailStartBody extends createZodDto(
  mfaEmailStartRequestSchema.omit(gatewayFilled).strict(),
) {}
export class MfaEmailConfirmBody extends createZodDto(
  mfaEmailConfirmRequestSchema.omit(gatewayFilled).strict(),
) {}
export class MfaEmailCodeBody extends createZodDto(z.object({}).strict()) {}
export class MfaSmsStartBody extends createZodDto(z.object({}).strict()) {}
export class MfaSmsConfirmBody extends createZodDto(
  mfaSmsConfirmRequestSchema.omit(gatewayFilled).strict(),
) {}
export class MfaSmsCodeBody extends createZodDto(z.object({}).strict()) {}
export class MfaCodeDeliveryResponse extends createZodDto(codeDeliveryReplySchema) {}
export class MfaDisableBody extends createZodDto(mfaDisableRequestSchema.omit(gatewayFilled).strict()) {}
