export const TRANSPORT_CLIENT = Symbol('backtalk:transport-client');
export const SERVICE_NAME = Symbol('backtalk:service-name');
