import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { creatorsService } from './index';

runServiceMain(creatorsService);
