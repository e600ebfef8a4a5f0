// as: server/deposits/lint-fixture-service.ts
export * from './deposit-state';
