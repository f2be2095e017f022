import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { chatInferenceService } from './index';

runServiceMain(chatInferenceService);
