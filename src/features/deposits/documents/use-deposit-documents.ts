import type { DepositDetail } from '../../../lib/deposit-api';
import { documentsApi } from '../../../lib/documents-api';
import { useServerData } from '../../../lib/server-data';

/**
 * Every document of the deposit (GET /invoice/doc, newest first), read again after every write
 * that changes documents: a bilyet step files its scan or receipt beside the change.
 */
export function useDepositDocuments(deposit: Pick<DepositDetail, 'id'>) {
  return useServerData(['documents', 'of-deposit', deposit.id], (signal) => documentsApi.documentsOf(deposit.id, signal));
}
