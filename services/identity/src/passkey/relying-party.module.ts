import { Module } from '@nestjs/common';
import { RelyingParty } from './relying-party';

/** The passkey relying party alone, for the providers answer as well as the passkey routes. */
@Module({ providers: [RelyingParty], exports: [RelyingParty] })
export class RelyingPartyModule {}
