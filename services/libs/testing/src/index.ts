export * from './test-server';
export * from './test-database';
export * from './template-database';
export * from './nats';
export * from './wait-for';
export * from './in-process-services';
export * from './components';
export * from './redis';
