import { Global, Module } from '@nestjs/common';
import { CreatorDirectory } from './creator-directory';

@Global()
@Module({ providers: [CreatorDirectory], exports: [CreatorDirectory] })
export class CreatorDirectoryModule {}
