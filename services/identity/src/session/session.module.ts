import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { SessionController } from './session.controller';

@Module({
  imports: [UserModule],
  controllers: [SessionController],
})
export class SessionModule {}
