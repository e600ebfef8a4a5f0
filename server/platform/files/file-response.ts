import type { AcceptedMediaType } from './uploads';

/** The file name extension of each accepted media type. */
export const MEDIA_EXTENSIONS: Record<AcceptedMediaType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A stored file's own content-security policy: nothing in it may run, load or navigate. */
const STORED_FILE_CSP = "sandbox; default-src 'none'";

/**
 * A stored file as the answer: always an attachment (a browser never renders it as our page),
 * its stored media type (only the three we accept; anything else as octet-stream), sandboxed
 * and never sniffed. An <img> still shows an image served this way.
 */
export function storedFileResponse(file: { mediaType: string; bytes: Uint8Array }, options: { name: string; cacheControl: string }): Response {
  const mediaType = file.mediaType in MEDIA_EXTENSIONS ? (file.mediaType as AcceptedMediaType) : null;
  const filename = `${options.name.replace(/[^A-Za-z0-9._-]/g, '_')}.${mediaType ? MEDIA_EXTENSIONS[mediaType] : 'bin'}`;
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': mediaType ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Security-Policy': STORED_FILE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': options.cacheControl,
    },
  });
}
