export { startGateway, type StartedGateway } from './gateway.bootstrap';
export { GatewayModule } from './gateway.module';
export { gatewayConfigSchema } from './gateway.config';
