/**
 * A drawn document as bytes, for what is stored rather than streamed (an ARO letter, a courier
 * label kept as the shipment's file). Ends the document: hand it over un-ended, as the drawers
 * return it.
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    doc.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    doc.on('error', reject);
    doc.on('end', () => {
      // Copied into an array of its own: Buffer.concat may hand back a slice of Node's shared
      // pool, whose `.buffer` is not this file alone (a file store writing `.buffer` would store more).
      const bytes = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(bytes);
    });
    doc.end();
  });
}
