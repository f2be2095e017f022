import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { ingestionService } from './index';

runServiceMain(ingestionService);
