import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PasskeyEntity } from './passkey.entity';

/** Methods that read or change one user's passkeys take that user's id. */
@Injectable()
export class PasskeyRepository {
  constructor(@InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>) {}

  listOwn(userId: string): Promise<PasskeyEntity[]> {
    return this.passkeys.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Stores a new credential; null when the credential is registered already (to anyone). */
  async add(
    passkey: Pick<
      PasskeyEntity,
      'credentialId' | 'userId' | 'publicKey' | 'counter' | 'transports' | 'name' | 'backedUp'
    >,
  ): Promise<PasskeyEntity | null> {
    const result = await this.passkeys
      .createQueryBuilder()
      .insert()
      .into(PasskeyEntity)
      .values(passkey)
      .orIgnore()
      .returning('*')
      .execute();
    const [row] = result.raw as PasskeyEntity[];
    return row ? this.passkeys.create(row) : null;
  }

  /** The credential an authenticator answered with, whoever owns it (sign-in finds the user this way). */
  findByCredentialId(credentialId: string): Promise<PasskeyEntity | null> {
    return this.passkeys.findOneBy({ credentialId });
  }

  async recordUse(id: string, counter: number, backedUp: boolean, now: Date): Promise<void> {
    await this.passkeys.update({ id }, { counter, backedUp, lastUsedAt: now });
  }

  async deleteOwn(userId: string, id: string): Promise<boolean> {
    const result = await this.passkeys.delete({ userId, id });
    return (result.affected ?? 0) > 0;
  }
}
