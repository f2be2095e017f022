import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwksController } from './jwks.controller';
import { SigningKeyEntity } from './signing-key.entity';
import { SigningKeyRepository } from './signing-key.repository';
import { SigningKeyService } from './signing-key.service';

@Module({
  imports: [TypeOrmModule.forFeature([SigningKeyEntity])],
  controllers: [JwksController],
  providers: [SigningKeyRepository, SigningKeyService],
  exports: [SigningKeyService],
})
export class SigningKeyModule {}
