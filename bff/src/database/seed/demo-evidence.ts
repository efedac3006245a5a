import { crc32, deflateSync } from 'node:zlib';

/**
 * Small, valid evidence files for the demo claims (docs/product.md §6): a photo of the damage (PNG or
 * JPEG) and the supplier's packing list (PDF). Each is a real file of its type, not just its magic
 * bytes, so the portal can show it and a browser open it; all are made here, deterministically, from
 * the numbers given (no image or PDF library, no file on disk).
 */
export interface EvidenceFile {
  filename: string;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A 48 × 32 picture of a brown carton with a dark crack across it; `variant` shifts the colours and the
 * crack, so the photos of different claims differ.
 */
export function cartonPhotoPng(variant: number): Buffer {
  const width = 48;
  const height = 32;
  const rows: Buffer[] = [];
  const shade = (variant * 37) % 40;
  const crackAt = 8 + (variant % 16);
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const border = x < 3 || x >= width - 3 || y < 3 || y >= height - 3;
      const crack = Math.abs(x - crackAt - Math.round(y * 0.8)) <= 1;
      const [r, g, b] = border
        ? [90, 90, 96]
        : crack
          ? [52, 36, 20]
          : [176 - shade, 128 - shade / 2, 72];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8 × 8 grey baseline JPEG: one quantisation table, one-code Huffman tables, a single block whose
 * only coefficient is the DC difference 0 (mid grey). The smallest file every decoder accepts.
 */
export function greyPhotoJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCode = (tableClass: number) => [
    (tableClass << 4) | 0,
    1,
    ...Array.from({ length: 15 }, () => 0),
    0x00,
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCode(0)),
    ...segment(0xc4, oneCode(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC: the one code "0" (difference 0); AC: the one code "0" (end of block); padded with 1 bits.
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** A one-page PDF 1.4 that shows `lines` of text (Helvetica), with a correct cross-reference table. */
export function textPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) =>
    text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = [
    'BT /F1 12 Tf 56 780 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The photo of a damaged claim's goods: a PNG most of the time, sometimes a JPEG from a phone. */
export function damagePhoto(variant: number): EvidenceFile {
  return variant % 4 === 3
    ? {
        filename: `IMG_${4000 + (variant % 5000)}.jpg`,
        contentType: 'image/jpeg',
        bytes: greyPhotoJpeg(),
      }
    : {
        filename: `damage-photo-${variant % 100}.png`,
        contentType: 'image/png',
        bytes: cartonPhotoPng(variant),
      };
}

/** The supplier's packing list of a short receipt, the shortage in it. */
export function packingListPdf(
  reference: string,
  expected: number,
  received: number,
): EvidenceFile {
  const safe = reference.replace(/[^A-Za-z0-9-]/g, '');
  return {
    filename: `packing-list-${safe === '' ? 'receipt' : safe}.pdf`,
    contentType: 'application/pdf',
    bytes: textPdf([
      `Packing list ${reference}`,
      `Units shipped: ${expected}`,
      `Units received: ${received}`,
      `Short: ${expected - received}`,
    ]),
  };
}

/** A document besides the required evidence (an incident report, a carrier's note). */
export function incidentReportPdf(title: string, text: string): EvidenceFile {
  return {
    filename: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
    contentType: 'application/pdf',
    bytes: textPdf([title, text]),
  };
}
