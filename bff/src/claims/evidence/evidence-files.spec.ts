import {
  attachmentDisposition,
  detectEvidenceContentType,
  evidenceFilenameProblem,
  normalizedEvidenceFilename,
} from './evidence-files.js';
import { samplePdf, sampleJpeg, samplePng } from './evidence-samples.js';

describe('evidence file names', () => {
  it.each([
    'photo.jpg',
    'Schaden – Karton Übergröße.jpeg',
    '日本語のファイル.pdf',
    'invoice (2).final.pdf',
    '.hidden.png',
    'a'.repeat(251) + '.png',
  ])('accepts %j', (name) => {
    expect(evidenceFilenameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'must have a name'],
    ['   ', 'must have a name'],
    ['../secret.pdf', 'without a path'],
    ['..', 'without a path'],
    ['a..b.pdf', 'without a path'],
    ['dir/photo.jpg', 'without a path'],
    ['C:\\Users\\me\\photo.jpg', 'without a path'],
    ['line\nbreak.pdf', 'control'],
    ['nul\u0000.pdf', 'control'],
    ['del\u007f.pdf', 'control'],
    ['c1\u0085.pdf', 'control'],
    ['invoice\u202Efdp.exe', 'control or direction-override'],
    ['isolate\u2066.png', 'control or direction-override'],
    ['a'.repeat(256), 'at most 255'],
  ])('refuses %j', (name, message) => {
    expect(evidenceFilenameProblem(name)).toContain(message);
  });

  it('counts characters, not UTF-16 units, against the 255 limit', () => {
    expect(evidenceFilenameProblem('😀'.repeat(255))).toBeUndefined();
    expect(evidenceFilenameProblem('😀'.repeat(256))).toContain('at most 255');
  });

  it('stores names trimmed and in NFC', () => {
    expect(normalizedEvidenceFilename('  U\u0308bergro\u0308\u00dfe.jpg ')).toBe('Übergröße.jpg');
  });
});

describe('evidence content types, by magic bytes', () => {
  it('knows PDF, PNG, JPEG and WebP', async () => {
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([72, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(64),
    ]);
    expect(await detectEvidenceContentType(samplePdf())).toBe('application/pdf');
    expect(await detectEvidenceContentType(samplePng())).toBe('image/png');
    expect(await detectEvidenceContentType(sampleJpeg())).toBe('image/jpeg');
    expect(await detectEvidenceContentType(webp)).toBe('image/webp');
  });

  it.each([
    ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)])],
    [
      'an ELF binary',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]),
    ],
    ['a ZIP archive', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)])],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['plain text', Buffer.from('%PD not quite a PDF')],
    ['one byte', Buffer.from([0xff])],
  ])('refuses %s', async (_, content) => {
    expect(await detectEvidenceContentType(content)).toBeUndefined();
  });
});

describe('the download’s Content-Disposition', () => {
  it('is an attachment with a quoted ASCII name and the exact name as filename*', () => {
    expect(attachmentDisposition('photo.jpg')).toBe(
      `attachment; filename="photo.jpg"; filename*=UTF-8''photo.jpg`,
    );
    expect(attachmentDisposition('Übergröße "final" 100%.pdf')).toBe(
      `attachment; filename="_bergr__e _final_ 100_.pdf"; filename*=UTF-8''%C3%9Cbergr%C3%B6%C3%9Fe%20%22final%22%20100%25.pdf`,
    );
  });

  it('cannot be broken out of: no quote, backslash or line break reaches the header', () => {
    const header = attachmentDisposition('a";\\ inline; filename="evil.html');
    expect(header.startsWith('attachment; filename="a_;_ inline; filename=_evil.html"; ')).toBe(
      true,
    );
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).not.toMatch(/[\r\n\\]/);
  });
});
