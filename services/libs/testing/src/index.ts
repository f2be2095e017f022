export * from './test-database';
export * from './nats';
export * from './wait-for';
