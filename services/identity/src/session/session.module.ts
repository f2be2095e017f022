import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { AuthSessionStoreModule } from './auth-session-store.module';
import { SessionController } from './session.controller';

@Module({
  imports: [UserModule, AuthSessionStoreModule],
  controllers: [SessionController],
})
export class SessionModule {}
