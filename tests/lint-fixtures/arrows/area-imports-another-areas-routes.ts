// as: server/disbursements/lint-fixture.ts
import { depositRoutes } from '../deposits/deposit-routes';

export const routes = depositRoutes;
