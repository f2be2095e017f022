import { dataDirSchema, portSchema } from '@backtalk/kit';
import { z } from 'zod';

const publicPort = portSchema.default(3000).describe('HTTP port of the API and web app');

/** What `npm start` reads before it starts anything; the services then read their own schemas. */
export const standaloneConfigSchema = z.object({
  PORT: publicPort,
  HOST: z.string().min(1).default('127.0.0.1').describe('address the gateway listens on'),
  BACKTALK_DATA_DIR: dataDirSchema,
});

/** What `npm run start:cluster` reads to launch every service as its own process. */
export const clusterLauncherConfigSchema = z.object({
  PORT: publicPort,
  BACKTALK_DATA_DIR: dataDirSchema,
  CLUSTER_HTTP_BASE_PORT: portSchema
    .default(3101)
    .describe("first of the services' `HTTP_PORT`s (one each, counting up)"),
  CLUSTER_RESTART_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(2000)
    .describe('delay before restarting a service that died'),
});
