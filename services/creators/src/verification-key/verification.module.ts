import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorModule } from '../creator/creator.module';
import { CheckVerification } from './check-verification.use-case';
import { CreateVerificationKey } from './create-verification-key.use-case';
import { CreatorVerificationKeyEntity } from './creator-verification-key.entity';
import { CreatorVerificationKeyRepository } from './creator-verification-key.repository';
import { VerificationController } from './verification.controller';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorVerificationKeyEntity]), CreatorModule],
  controllers: [VerificationController],
  providers: [CreatorVerificationKeyRepository, CreateVerificationKey, CheckVerification],
})
export class VerificationModule {}
