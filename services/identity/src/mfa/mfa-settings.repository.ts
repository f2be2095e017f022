import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { type EntityManager, Repository } from 'typeorm';
import { MfaSettingsEntity } from './mfa-settings.entity';

/** Every method takes the owner's id: a user reaches only their own settings. */
@Injectable()
export class MfaSettingsRepository {
  constructor(
    @InjectRepository(MfaSettingsEntity) private readonly settings: Repository<MfaSettingsEntity>,
  ) {}

  private db(transaction?: Transaction): EntityManager {
    return transaction ? managerOf(transaction) : this.settings.manager;
  }

  findOwn(userId: string): Promise<MfaSettingsEntity | null> {
    return this.settings.findOneBy({ userId });
  }

  /** Keeps a new setup secret (replacing an unconfirmed one); the confirmed one stays in force. */
  async setPendingTotp(userId: string, sealedSecret: string): Promise<void> {
    await this.settings.upsert({ userId, pendingTotpSecret: sealedSecret }, ['userId']);
  }

  /**
   * The pending secret `sealedSecret` becomes the user's TOTP secret, with the step of the code
   * that confirmed it spent; false when another setup replaced it meanwhile.
   */
  async confirmTotp(userId: string, sealedSecret: string, step: number): Promise<boolean> {
    const result = await this.settings
      .createQueryBuilder()
      .update()
      .set({ totpSecret: sealedSecret, pendingTotpSecret: null, totpLastStep: step })
      .where('"userId" = :userId AND "pendingTotpSecret" = :sealedSecret', { userId, sealedSecret })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Spends a TOTP time step: true only if it is later than the last one spent. One conditional
   * UPDATE, so two requests with the same code cannot both succeed.
   */
  async spendTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.settings
      .createQueryBuilder()
      .update()
      .set({ totpLastStep: step })
      .where('"userId" = :userId AND "totpSecret" IS NOT NULL', { userId })
      .andWhere('("totpLastStep" IS NULL OR "totpLastStep" < :step)', { step })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The same secret sealed again (with the current key-encryption key), if it is still the one stored. */
  async resealTotp(userId: string, before: string, after: string): Promise<void> {
    await this.settings.update({ userId, totpSecret: before }, { totpSecret: after });
  }

  async setPendingEmail(userId: string, email: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).upsert(MfaSettingsEntity, { userId, pendingEmail: email }, ['userId']);
  }

  /** The pending address becomes where sign-in codes go (called in the code's transaction). */
  async confirmEmail(userId: string, transaction: Transaction): Promise<boolean> {
    const result = await managerOf(transaction)
      .createQueryBuilder()
      .update(MfaSettingsEntity)
      .set({ email: () => '"pendingEmail"', pendingEmail: null })
      .where('"userId" = :userId AND "pendingEmail" IS NOT NULL', { userId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async disableTotp(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(
      MfaSettingsEntity,
      { userId },
      { totpSecret: null, pendingTotpSecret: null },
    );
  }

  /** SMS codes are on (a texted code proved the verified phone number). */
  async enableSms(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).upsert(MfaSettingsEntity, { userId, sms: true }, ['userId']);
  }

  async disableSms(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(MfaSettingsEntity, { userId }, { sms: false });
  }

  async disableEmail(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(MfaSettingsEntity, { userId }, { email: null, pendingEmail: null });
  }
}
