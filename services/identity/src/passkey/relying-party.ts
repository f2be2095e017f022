import { Injectable, Logger } from '@nestjs/common';
import { ConfigError, ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import net from 'node:net';
import { IdentityConfig } from '../identity.config';

/** Where passkeys are used: the page origin browsers report, and the relying party id keys are bound to. */
export interface RelyingPartyAt {
  origin: string;
  rpId: string;
}

/** What the authenticator shows as the site's name. */
export const RELYING_PARTY_NAME = 'Backtalk';

/**
 * The WebAuthn relying party (docs/architecture.md, "Passkeys"): PASSKEY_ORIGIN, else
 * PUBLIC_URL's origin, with PASSKEY_RP_ID or that origin's host. Without either, a request the
 * gateway received on `http(s)://localhost:<port>` (standalone, local development) uses that
 * origin and the id `localhost`: browsers allow passkeys of `localhost` only on localhost pages.
 * Passkeys are unavailable with PASSKEYS_ENABLED=false, on an address that is not a domain name
 * (WebAuthn refuses IP addresses), and on plain http elsewhere than localhost.
 */
@Injectable()
export class RelyingParty {
  private readonly logger = new Logger(RelyingParty.name);
  private readonly configured: RelyingPartyAt | null;

  constructor(private readonly config: IdentityConfig) {
    this.configured = this.fromConfig();
  }

  /** The relying party for a request (with the localhost origin the gateway saw), or null. */
  at(loopbackOrigin: string | undefined): RelyingPartyAt | null {
    if (!this.config.PASSKEYS_ENABLED) return null;
    if (this.configured) return this.configured;
    return loopbackOrigin ? { origin: loopbackOrigin, rpId: 'localhost' } : null;
  }

  require(loopbackOrigin: string | undefined): RelyingPartyAt {
    const at = this.at(loopbackOrigin);
    if (!at) throw new ServiceError(ErrorCode.PasskeysUnavailable);
    return at;
  }

  private fromConfig(): RelyingPartyAt | null {
    const { PASSKEY_ORIGIN, PASSKEY_RP_ID, PUBLIC_URL } = this.config;
    const origin = PASSKEY_ORIGIN ?? (PUBLIC_URL ? new URL(PUBLIC_URL).origin : undefined);
    if (!origin) return null;
    const url = new URL(origin);
    const host = url.hostname;
    if (net.isIP(host.replace(/^\[|\]$/g, ''))) {
      this.logger.warn(`Passkeys are off: ${origin} is an IP address, and WebAuthn needs a domain name`);
      return null;
    }
    if (url.protocol !== 'https:' && host !== 'localhost') {
      this.logger.warn(`Passkeys are off: ${origin} is not https, and browsers offer passkeys only there`);
      return null;
    }
    const rpId = PASSKEY_RP_ID ?? host;
    if (host !== rpId && !host.endsWith(`.${rpId}`)) {
      throw new ConfigError([
        {
          variable: 'PASSKEY_RP_ID',
          message: `must be ${host} or a parent domain of it (the host of the passkey origin ${origin})`,
        },
      ]);
    }
    return { origin, rpId };
  }
}
