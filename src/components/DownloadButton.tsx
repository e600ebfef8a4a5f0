import { useState } from 'react';
import type { ApiBaseName } from '@contract/bases';
import { downloadFile, type DownloadProgress } from '../lib/download';
import { showError } from '../lib/error-message';
import { notify } from '../lib/toast';

function progressText(progress: DownloadProgress | null): string {
  if (!progress || progress.received === 0) return 'Menyiapkan file…';
  const kb = Math.round(progress.received / 1024).toLocaleString('id-ID');
  if (progress.total) return `Mengunduh… ${Math.round((progress.received / progress.total) * 100)}%`;
  return `Mengunduh… ${kb} KB`;
}

/** "Unduh Excel": streams the file with progress and saves it under the server's name. */
export function DownloadButton({
  path,
  query,
  fallbackName,
  label = 'Unduh Excel',
  beforeDownload,
  base,
  accessibleName,
  primary = false,
}: {
  path: string;
  query: Record<string, string>;
  fallbackName: string;
  label?: string;
  /** The API base of `path` (default /api-v2-bpr); its header form comes with it. */
  base?: ApiBaseName;
  /** When several buttons on a screen share a label (one per row): what this one downloads. */
  accessibleName?: string;
  /** Asked first (e.g. "is there anything to download?"); false stops. */
  beforeDownload?: () => Promise<boolean>;
  /** The screen's main action (Laporan) rather than one beside a list. */
  primary?: boolean;
}) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setProgress(null);
    try {
      if (beforeDownload && !(await beforeDownload())) return;
      const name = await downloadFile(path, query, { fallbackName, onProgress: setProgress, ...(base ? { base } : {}) });
      notify({ type: 'success', title: 'File berhasil diunduh.', desc: name });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="bj-download">
      <button
        type="button"
        className={`bj-button ${primary ? 'bj-button--primary' : 'bj-button--secondary'}`}
        onClick={() => void run()}
        disabled={busy}
        aria-busy={busy}
        aria-label={accessibleName}
      >
        {label}
      </button>
      {busy ? (
        <span className="bj-download__progress" role="status">
          {progressText(progress)}
        </span>
      ) : null}
    </span>
  );
}
