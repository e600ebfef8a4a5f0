import type { DepositDetail } from '../../../lib/deposit-api';
import { documentsApi } from '../../../lib/documents-api';
import { useResource } from '../../../lib/use-resource';

/**
 * Every document of the deposit (GET /invoice/doc, newest first), fetched again whenever the
 * deposit was read again: a bilyet step files its scan or receipt beside the change.
 */
export function useDepositDocuments(deposit: DepositDetail) {
  return useResource((signal) => documentsApi.documentsOf(deposit.id, signal), [deposit]);
}
