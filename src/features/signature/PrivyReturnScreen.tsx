import { Link, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice, type NoticeProps } from '../../components/Notice';

interface Outcome {
  tone: NoticeProps['tone'];
  title: string;
  text: string;
}

const OUTCOMES: Record<string, Outcome> = {
  signed: { tone: 'success', title: 'Dokumen berhasil ditandatangani', text: 'Tanda tangan digital Anda telah tercatat. Status dokumen diperbarui di Berjangka.' },
  declined: { tone: 'warning', title: 'Penandatanganan ditolak', text: 'Dokumen tidak ditandatangani. Anda dapat meminta penandatanganan ulang dari halaman deposito.' },
  cancelled: { tone: 'warning', title: 'Penandatanganan dibatalkan', text: 'Proses tanda tangan dihentikan sebelum selesai. Dokumen belum ditandatangani.' },
  expired: { tone: 'warning', title: 'Sesi penandatanganan kedaluwarsa', text: 'Tautan tanda tangan sudah tidak berlaku. Mintalah tautan baru dari halaman deposito.' },
  failed: { tone: 'danger', title: 'Penandatanganan gagal', text: 'Terjadi kesalahan di penyedia tanda tangan digital. Silakan coba lagi beberapa saat lagi.' },
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
  text: 'Kami belum menerima hasil penandatanganan. Periksa status dokumen di halaman deposito.',
};

export function signatureOutcome(status: string | null): Outcome {
  const key = ALIASES[(status ?? '').trim().toLowerCase()];
  return key ? OUTCOMES[key]! : UNKNOWN;
}

/** /signature/privy: where the digital-signature provider sends the signer back. No token check. */
export default function PrivyReturnScreen() {
  const [params] = useSearchParams();
  const outcome = signatureOutcome(params.get('status'));
  return (
    <AuthLayout title="Tanda tangan digital" footer={<p><Link to="/home">Kembali ke Berjangka</Link></p>}>
      <Notice tone={outcome.tone} title={outcome.title}>
        <p>{outcome.text}</p>
      </Notice>
    </AuthLayout>
  );
}
