import { ClientNats } from '@nestjs/microservices';
import type { MsPattern, NatsOptions } from '@nestjs/microservices';

/** Nest's NATS client, sending to subjects under NATS_SUBJECT_PREFIX (see DrainingNatsServer). */
export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: Required<NatsOptions>['options'],
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }
}
