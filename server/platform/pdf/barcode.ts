import { toBuffer } from 'bwip-js/node';

/**
 * A Code 128 barcode as a PNG, for a courier's airway bill number (JNE scans the AWB from the
 * label). Without bwip-js's own human-readable line: the label prints the AWB beneath it in its
 * own font and size. `heightMm` is the bars' height; `scale` the pixels per narrowest bar.
 */
export function code128Png(text: string, options: { heightMm?: number; scale?: number } = {}): Promise<Buffer> {
  return toBuffer({ bcid: 'code128', text, height: options.heightMm ?? 15, scale: options.scale ?? 3, includetext: false });
}
