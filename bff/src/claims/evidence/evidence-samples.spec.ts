import { inflateSync } from 'node:zlib';
import { samplePdf, sampleJpeg, samplePng } from './evidence-samples.js';

describe('sample evidence files', () => {
  it('makes a PNG whose chunks hold the pixels asked for', () => {
    const png = samplePng({ width: 4, height: 3 });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    // Three rows of a filter byte and four RGB pixels.
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(3 * (1 + 4 * 3));
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('makes a baseline JPEG of the size asked for, between SOI and EOI', () => {
    const jpeg = sampleJpeg({ width: 16, height: 8, shade: 40 });
    expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(jpeg.readUInt16BE(sof + 5)).toBe(8);
    expect(jpeg.readUInt16BE(sof + 7)).toBe(16);
    expect(() => sampleJpeg({ width: 10 })).toThrow(/multiples of 8/);
  });

  it('makes a PDF whose cross-reference table points at its objects', () => {
    const pdf = samplePdf(['Packing list (PO-7)', 'Tent × 4']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    expect(pdf).toContain('(Packing list \\(PO-7\\)) Tj');
  });

  it('is the same for the same arguments', () => {
    expect(samplePng().equals(samplePng())).toBe(true);
    expect(sampleJpeg().equals(sampleJpeg())).toBe(true);
    expect(samplePdf(['x']).equals(samplePdf(['x']))).toBe(true);
  });
});
