import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { billingService } from './index';

runServiceMain(billingService);
