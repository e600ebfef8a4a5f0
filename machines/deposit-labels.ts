/**
 * The deposit lifecycle's words for screens and the timeline: each state's and each event's
 * label, and the groups of states the lists and counters use (DOMAIN.md).
 */
import type { DepositEventType, DepositStatus } from '@contract/deposit';

/** UI labels of the main states (DOMAIN.md). */
export const depositStatusLabels: Record<DepositStatus, string> = {
  pending: 'Menunggu Persetujuan',
  approved: 'Disetujui',
  active: 'Aktif',
  breakRequested: 'Pengajuan Pencairan Awal',
  matured: 'Jatuh Tempo',
  disbursing: 'Menunggu Pencairan',
  closed: 'Selesai',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};

/** States whose principal the bank holds: from approval until paid out (the LPS ceiling, a product's running deposits). */
export const heldStatuses: readonly DepositStatus[] = ['approved', 'active', 'breakRequested', 'matured', 'disbursing'];

/** States that wait for the BPR and count as unprocessed (DOMAIN.md). */
export const unprocessedStatuses: readonly DepositStatus[] = ['pending', 'breakRequested', 'matured', 'disbursing'];

/** Button / menu labels of the events, for the action menu and the timeline. */
export const depositEventLabels: Record<DepositEventType, string> = {
  'deposit.approve': 'Setujui',
  'deposit.reject': 'Tolak',
  'deposit.cancel': 'Batalkan',
  'deposit.withdraw': 'Dibatalkan Mitra',
  'deposit.changeDate': 'Ubah Tanggal Efektif',
  'deposit.activate': 'Aktifkan',
  'deposit.stopAro': 'Hentikan ARO',
  'deposit.rollover': 'Perpanjangan Otomatis (ARO)',
  'deposit.mature': 'Jatuh Tempo',
  'deposit.extend': 'Perpanjang',
  'deposit.requestBreak': 'Ajukan Pencairan Awal',
  'deposit.approveBreak': 'Setujui Pencairan Awal',
  'deposit.rejectBreak': 'Tolak Pencairan Awal',
  'deposit.requestDisbursement': 'Ajukan Pencairan',
  'deposit.markPaid': 'Tandai Sudah Dibayar',
};
