import {
  REGISTRATION_DOCUMENT_MAX_BYTES,
  REGISTRATION_DOCUMENT_MAX_COUNT,
  REGISTRATION_DOCUMENT_TYPES,
} from '../../../contract/registration';

const EXTENSIONS: Record<string, (typeof REGISTRATION_DOCUMENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The `accept` of the file input: the same three kinds the server takes. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function documentType(file: File): string | undefined {
  if ((REGISTRATION_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  // Some systems report no media type; the extension decides then (the server checks the bytes).
  if (file.type === '') return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
  return undefined;
}

/**
 * What is wrong with the chosen documents before anything is sent, as the sentences the form
 * shows: PDF, JPEG or PNG, each at most 5 MB, at most 10 files, at least one.
 */
export function documentProblems(files: readonly File[]): string[] {
  const problems: string[] = [];
  if (files.length === 0) problems.push('Lampirkan minimal satu dokumen pendukung (PDF, JPEG atau PNG).');
  if (files.length > REGISTRATION_DOCUMENT_MAX_COUNT) problems.push(`Dokumen paling banyak ${REGISTRATION_DOCUMENT_MAX_COUNT} berkas.`);
  const maxMb = REGISTRATION_DOCUMENT_MAX_BYTES / (1024 * 1024);
  for (const file of files) {
    if (!documentType(file)) problems.push(`${file.name}: hanya PDF, JPEG atau PNG yang dapat dilampirkan.`);
    else if (file.size > REGISTRATION_DOCUMENT_MAX_BYTES) problems.push(`${file.name}: ukuran berkas melebihi ${maxMb} MB.`);
    else if (file.size === 0) problems.push(`${file.name}: berkas kosong.`);
  }
  return problems;
}
