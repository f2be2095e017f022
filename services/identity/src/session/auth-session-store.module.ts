import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthSessionRepository } from './auth-session.repository';

/** The sessions table alone, for every module that starts, touches or ends sessions. */
@Module({
  imports: [TypeOrmModule.forFeature([AuthSessionEntity])],
  providers: [AuthSessionRepository],
  exports: [AuthSessionRepository],
})
export class AuthSessionStoreModule {}
