import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice, type NoticeProps } from '../../components/Notice';

interface Outcome {
  tone: NoticeProps['tone'];
  title: string;
  text: string;
  /** What happens next, and what (if anything) the customer still does. */
  next: string;
}

/**
 * Written for the customer (the signer), not for staff: this page is where Privy sends them back,
 * so it thanks them, says what happens next, and never leads to the staff login.
 */
const OUTCOMES: Record<string, Outcome> = {
  signed: {
    tone: 'success',
    title: 'Dokumen berhasil ditandatangani',
    text: 'Terima kasih. Tanda tangan digital Anda sudah kami terima.',
    next: 'Bank akan memproses dokumen Anda dan menyimpan salinan yang sudah ditandatangani. Anda tidak perlu melakukan apa pun lagi.',
  },
  declined: {
    tone: 'warning',
    title: 'Penandatanganan ditolak',
    text: 'Dokumen tidak ditandatangani.',
    next: 'Bila ada yang keliru atau belum jelas pada dokumen, hubungi bank Anda. Bank dapat mengirim tautan tanda tangan yang baru.',
  },
  cancelled: {
    tone: 'warning',
    title: 'Penandatanganan dibatalkan',
    text: 'Proses tanda tangan dihentikan sebelum selesai. Dokumen belum ditandatangani.',
    next: 'Untuk melanjutkan, buka kembali tautan tanda tangan dari email Anda selama masih berlaku, atau hubungi bank Anda.',
  },
  expired: {
    tone: 'warning',
    title: 'Tautan tanda tangan kedaluwarsa',
    text: 'Tautan tanda tangan sudah tidak berlaku. Dokumen belum ditandatangani.',
    next: 'Hubungi bank Anda untuk meminta tautan tanda tangan yang baru.',
  },
  failed: {
    tone: 'danger',
    title: 'Penandatanganan gagal',
    text: 'Terjadi kesalahan di penyedia tanda tangan digital. Dokumen belum ditandatangani.',
    next: 'Buka kembali tautan tanda tangan dari email Anda beberapa saat lagi. Bila tetap gagal, hubungi bank Anda.',
  },
};

/** The provider's words for each outcome, as they may appear in the return link. */
const ALIASES: Record<string, keyof typeof OUTCOMES> = {
  signed: 'signed',
  success: 'signed',
  completed: 'signed',
  done: 'signed',
  declined: 'declined',
  rejected: 'declined',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
  failed: 'failed',
  error: 'failed',
};

const UNKNOWN: Outcome = {
  tone: 'info',
  title: 'Status penandatanganan belum diketahui',
  text: 'Hasil penandatanganan belum kami terima di halaman ini.',
  next: 'Bila Anda sudah menandatangani, tidak ada lagi yang perlu dilakukan: bank menerima hasilnya langsung dari penyedia tanda tangan. Bila ragu, hubungi bank Anda.',
};

export const CLOSE_PAGE = 'Anda dapat menutup halaman ini.';

export function signatureOutcome(status: string | null): Outcome {
  const key = ALIASES[(status ?? '').trim().toLowerCase()];
  return key ? OUTCOMES[key]! : UNKNOWN;
}

/**
 * /signature/privy: where the digital-signature provider sends the signer — the bank's customer —
 * back. No token check, and no way into the staff application: an end page of its own.
 */
export default function PrivyReturnScreen() {
  const [params] = useSearchParams();
  const outcome = signatureOutcome(params.get('status'));
  return (
    <AuthLayout title="Tanda tangan digital" footer={<p>{CLOSE_PAGE}</p>}>
      <Notice tone={outcome.tone} title={outcome.title}>
        <p>{outcome.text}</p>
      </Notice>
      <h2 className="bj-subtitle">Selanjutnya</h2>
      <p>{outcome.next}</p>
    </AuthLayout>
  );
}
