import { gatewayConfigSchema } from '@backtalk/gateway';
import type { ConfigReader, ConfigReaderGroup } from '@backtalk/kit';
import { clusterLauncherConfigSchema, standaloneConfigSchema } from '../launcher.config';
import { backendServices } from '../services';

/** Every program that validates environment variables, in the order the README lists them. */
export const configReaders: ConfigReader[] = [
  { name: '`npm start`', schema: standaloneConfigSchema },
  { name: 'gateway', schema: gatewayConfigSchema },
  ...backendServices.map((service) => ({ name: service.name, schema: service.config })),
  { name: '`npm run start:cluster`', schema: clusterLauncherConfigSchema },
];

export const configReaderGroups: ConfigReaderGroup[] = [
  { name: 'all services', members: ['gateway', ...backendServices.map((service) => service.name)] },
];
