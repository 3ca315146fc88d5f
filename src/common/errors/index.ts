export * from './api-error-code';
export * from './domain-error';
