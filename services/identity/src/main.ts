import 'reflect-metadata';
import { runServiceMain } from '@backtalk/kit';
import { runIdentityCommand } from './identity.cli';
import { identityService } from './index';

const argv = process.argv.slice(2);
const command = runIdentityCommand(argv);
if (command) void command.then((code) => process.exit(code));
else runServiceMain(identityService, argv);
