// as: server/products/lint-fixture-service.ts
// A repository function handed on under another name, directly or through a local alias.
import * as products from './product-repository';

const read = products.findProduct;
export const findProductOfBank = read;
