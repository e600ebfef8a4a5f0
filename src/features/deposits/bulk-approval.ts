import type { BulkApproval } from '@contract/deposit-api';

/** What staff read after "Setujui terpilih": how many were approved, and each one that was not, with the reason. */
export interface BulkApprovalOutcome {
  summary: string;
  tone: 'success' | 'warning';
  refused: Array<{ depositId: string; depositNumber: string; reason: string }>;
}

export function bulkApprovalOutcome(result: BulkApproval): BulkApprovalOutcome {
  const refused = result.results
    .filter((item) => !item.approved)
    .map((item) => ({ depositId: item.depositId, depositNumber: item.depositNumber ?? 'Deposito tidak dikenal', reason: item.message ?? 'Tidak dapat disetujui.' }));
  const approved = result.approved === 0 ? 'Tidak ada deposito yang disetujui.' : `${result.approved} deposito disetujui.`;
  const summary = refused.length === 0 ? approved : `${approved} ${refused.length} tidak dapat disetujui:`;
  return { summary, tone: refused.length === 0 ? 'success' : 'warning', refused };
}
