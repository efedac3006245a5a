import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType } from '../claim-lifecycle.js';

/** The longest file name kept (most file systems stop at 255). */
export const MAX_EVIDENCE_FILENAME_LENGTH = 255;

/**
 * Characters a file name must not hold (docs/api.md, Attachment): control characters (C0, DEL, C1),
 * and the bidirectional overrides and isolates that make `gpj.exe` display as `exe.jpg`.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/**
 * Why `filename` is refused as the name of an evidence file, or undefined when it is fine. A name is
 * shown in the portal and offered back as the download's name, so it must be a bare name: no path
 * (`/`, `\`, `..`), no control characters, 1–255 characters. It is never used to build a storage path
 * (the store keys by id); refusing a path still tells the client its name was not what it meant.
 */
export function evidenceFilenameProblem(filename: string): string | undefined {
  if (filename.trim() === '') return 'file must have a name';
  if ([...filename].length > MAX_EVIDENCE_FILENAME_LENGTH) {
    return `file name must be at most ${MAX_EVIDENCE_FILENAME_LENGTH} characters`;
  }
  if (filename.includes('/') || filename.includes('\\') || filename.includes('..')) {
    return 'file name must be a bare name, without a path (/, \\ or ..)';
  }
  if (UNSAFE_CHARACTERS.test(filename)) {
    return 'file name must not hold control or direction-override characters';
  }
  return undefined;
}

/** The name as stored: Unicode NFC (what a Mac sends decomposed looks the same as what Windows sends). */
export function normalizedEvidenceFilename(filename: string): string {
  return filename.trim().normalize('NFC');
}

function isAttachmentContentType(mime: string): mime is AttachmentContentType {
  return (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(mime);
}

/**
 * The content type of an evidence file from its first bytes (magic numbers, the `file-type` package),
 * never from the name or the type the client sent: PDF, PNG, JPEG or WebP; undefined for anything
 * else (an `.exe` renamed `.pdf` is still an executable).
 */
export async function detectEvidenceContentType(
  content: Uint8Array,
): Promise<AttachmentContentType | undefined> {
  const detected = await fileTypeFromBuffer(content);
  return detected !== undefined && isAttachmentContentType(detected.mime)
    ? detected.mime
    : undefined;
}
