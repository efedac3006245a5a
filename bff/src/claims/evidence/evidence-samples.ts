import { crc32, deflateSync } from 'node:zlib';

/**
 * Small valid evidence files, made here rather than shipped: the demo data's photos and packing lists
 * (database/seed) and the tests' uploads. Each is a real file of its type (a browser shows it, the
 * magic-byte check accepts it), a few hundred bytes, and the same for the same arguments.
 */

/** An RGB colour, 0–255 each. */
export type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG of `width` × `height` pixels: a diagonal gradient from `from` to `to` (a stand-in photo). */
export function samplePng(
  options: { width?: number; height?: number; from?: Rgb; to?: Rgb } = {},
): Buffer {
  const { width = 32, height = 24, from = [176, 112, 64], to = [64, 96, 160] } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // compression, filter, interlace: 0
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / Math.max(1, width + height - 2);
      for (let channel = 0; channel < 3; channel += 1) {
        row[1 + x * 3 + channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * t);
      }
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG marker segment: FF, the marker, the length (itself included), the data. */
function jpegSegment(marker: number, data: readonly number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/** The bits of `value` in a magnitude category, as JPEG writes a DC difference. */
function magnitude(value: number): { category: number; bits: number } {
  const size = value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1;
  return { category: size, bits: value >= 0 ? value : value + (1 << size) - 1 };
}

/**
 * A baseline greyscale JPEG of `width` × `height` pixels (multiples of 8) in one shade: each 8×8
 * block is its DC coefficient alone (quantization 1), with Huffman tables of just the codes used.
 */
export function sampleJpeg(
  options: { width?: number; height?: number; shade?: number } = {},
): Buffer {
  const { width = 32, height = 24, shade = 168 } = options;
  if (width % 8 !== 0 || height % 8 !== 0) throw new Error('sampleJpeg: multiples of 8 only');
  const first = magnitude(Math.round((shade - 128) * 8));
  // DC table: category 0 (every block after the first: no difference) is `0`, the first's is `10`.
  // AC table: only end-of-block (0x00), `0`.
  const dcSymbols = first.category === 0 ? [0] : [0, first.category];
  const dcCounts = new Array<number>(16).fill(0);
  dcCounts[0] = 1;
  if (dcSymbols.length === 2) dcCounts[1] = 1;
  const acCounts = new Array<number>(16).fill(0);
  acCounts[0] = 1;

  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let bit = count - 1; bit >= 0; bit -= 1) bits.push((value >> bit) & 1);
  };
  const blocks = (width / 8) * (height / 8);
  for (let block = 0; block < blocks; block += 1) {
    if (block === 0 && first.category !== 0) {
      put(0b10, 2);
      put(first.bits, first.category);
    } else {
      put(0b0, 1);
    }
    put(0b0, 1); // end of block
  }
  while (bits.length % 8 !== 0) bits.push(1);
  const scan: number[] = [];
  for (let index = 0; index < bits.length; index += 8) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit += 1) byte = (byte << 1) | bits[index + bit]!;
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00); // byte stuffing
  }

  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT 0: all ones
    ...jpegSegment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...jpegSegment(0xc4, [0x00, ...dcCounts, ...dcSymbols]), // DHT DC 0
    ...jpegSegment(0xc4, [0x10, ...acCounts, 0x00]), // DHT AC 0
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    ...scan,
    0xff,
    0xd9, // EOI
  ]);
}

/** Text as a PDF string literal: the characters PDF escapes, and anything outside printable ASCII dropped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (char) => `\\${char}`);
}

/**
 * A one-page PDF (A4) with `lines` of text in Helvetica: a stand-in invoice or packing list. The
 * cross-reference table holds the objects' real offsets, so strict readers open it too.
 */
export function samplePdf(lines: readonly string[] = ['Packing list']): Buffer {
  const text = lines
    .map((line, index) => `BT /F1 12 Tf 56 ${780 - index * 18} Td (${pdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
