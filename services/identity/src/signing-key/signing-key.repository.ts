import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SigningKeyEntity } from './signing-key.entity';

/** Signing keys are the service's own, not any user's: reads take no owner. */
@Injectable()
export class SigningKeyRepository {
  constructor(@InjectRepository(SigningKeyEntity) private readonly keys: Repository<SigningKeyEntity>) {}

  /**
   * Stores the key as the active one unless another is active already, then
   * returns whichever is active: replicas racing on a fresh database all end
   * up with the same key.
   */
  async activateIfNoneActive(
    candidate: Pick<SigningKeyEntity, 'kid' | 'sealedPrivateKey'>,
  ): Promise<SigningKeyEntity> {
    await this.keys
      .createQueryBuilder()
      .insert()
      .values({ ...candidate, active: true })
      .orIgnore()
      .execute();
    const active = await this.findActive();
    if (!active) throw new Error('No active signing key after inserting one');
    return active;
  }

  findActive(): Promise<SigningKeyEntity | null> {
    return this.keys.findOneBy({ active: true });
  }

  findAll(): Promise<SigningKeyEntity[]> {
    return this.keys.find();
  }

  /** Replaces a stored value only if it is still the one read, so replicas resealing at once agree. */
  async replaceSealed(kid: string, previous: string, next: string): Promise<boolean> {
    const result = await this.keys.update({ kid, sealedPrivateKey: previous }, { sealedPrivateKey: next });
    return (result.affected ?? 0) > 0;
  }
}
