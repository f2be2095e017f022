import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { identityService } from './index';

runServiceMain(identityService);
