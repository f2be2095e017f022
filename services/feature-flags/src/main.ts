import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { featureFlagsService } from './index';

runServiceMain(featureFlagsService);
