import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationEntity } from '../conversation/conversation.entity';
import { MessageEntity } from '../conversation/message.entity';
import { PersonaModule } from '../persona/persona.module';
import { ConversationWatchers } from './conversation-watchers';
import { InPersonHold } from './in-person-hold';
import { InPersonMail } from './in-person-mail';
import { InboxController } from './inbox.controller';
import { ConversationWatchEntity, InboxConsentEntity } from './inbox.entity';
import { InboxRepository } from './inbox.repository';
import { InboxService } from './inbox.service';

/** In-person replies (issue 23 item 5, docs/architecture.md "Inbox"). */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      InboxConsentEntity,
      ConversationWatchEntity,
      ConversationEntity,
      MessageEntity,
    ]),
    PersonaModule,
  ],
  controllers: [InboxController],
  providers: [InboxRepository, InboxService, ConversationWatchers, InPersonMail, InPersonHold],
  // The send takes a fan's message for the creator while they hold the thread in person.
  exports: [InPersonHold],
})
export class InboxModule {}
