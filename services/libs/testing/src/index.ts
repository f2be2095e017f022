export * from './test-database';
export * from './nats';
export * from './wait-for';
export * from './in-process-services';
export * from './components';
export * from './redis';
