export { startGateway, type StartedGateway } from './gateway.bootstrap';
export { GatewayModule } from './gateway.module';
