// as: server/interest/lint-fixture.ts
import { createDepositService } from '../deposits/deposit-service';
import { ServiceError } from '../platform/errors';
import { productRules } from '../products/product-service';

export const pieces = { createDepositService, ServiceError, productRules };
