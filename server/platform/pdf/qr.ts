import { toBuffer } from 'bwip-js/node';

/**
 * A QR code as a PNG, for a verification URL printed on a bilyet. BWIPP's default error
 * correction, M (15% of the modules may be lost), survives a bilyet being handled and stamped
 * and still keeps a short URL in a small symbol. `scale` is pixels per module: 4 gives a crisp
 * symbol at the 20-30 mm we print, without a needlessly large image.
 */
export function qrPng(text: string, options: { scale?: number } = {}): Promise<Buffer> {
  return toBuffer({ bcid: 'qrcode', text, scale: options.scale ?? 4 });
}
