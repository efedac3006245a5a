import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '#src/common/problem-details.js';
import { MULTIPART_OPTIONS } from '#src/common/uploads.js';
import { MAX_ATTACHMENT_BYTES } from '../claim-lifecycle.js';
import {
  detectEvidenceContentType,
  evidenceFilenameProblem,
  normalizedEvidenceFilename,
} from './evidence-files.js';
import type { AttachmentContentType } from '../claim-lifecycle.js';

/** The multipart field that carries the file (docs/api.md, Attachment). */
export const EVIDENCE_FIELD = 'file';

/**
 * What a multipart body may hold around the file itself (the boundaries and the part's headers): a
 * body declared longer than the largest file plus this is refused before a byte of it is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** An evidence file read from a request, checked: a bare name, 1 byte to 10 MB, PDF/PNG/JPEG/WebP. */
export interface EvidenceUpload {
  filename: string;
  contentType: AttachmentContentType;
  content: Buffer;
  sha256: string;
}

function invalid(field: string, message: string): ProblemException {
  return new ProblemException(400, 'validation', 'The upload is invalid.', [{ field, message }]);
}

export function fileTooLarge(): ProblemException {
  return new ProblemException(
    413,
    'file_too_large',
    `The file is larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB.`,
    [{ field: EVIDENCE_FIELD, message: `file must be at most ${MAX_ATTACHMENT_BYTES} bytes` }],
  );
}

/** 400 unless the request is `multipart/form-data` (checked before anything is read). */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw invalid(EVIDENCE_FIELD, 'send the file as multipart/form-data, in the field "file"');
  }
}

/** 413 at once when the body is declared longer than any accepted upload can be. */
export function assertDeclaredLength(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw fileTooLarge();
  }
}

/** The plugin's errors about the shape of the body, as the API's answers. */
function asProblem(error: unknown): unknown {
  if (error instanceof ProblemException) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid(EVIDENCE_FIELD, 'send exactly one file, in the field "file", and nothing else');
  }
  // Malformed multipart (no boundary, a part cut short, a body that ends early): the client's fault.
  if (error instanceof Error) return invalid(EVIDENCE_FIELD, 'the multipart body is malformed');
  return error;
}

/** Reads the file's bytes, hashing as they come; refused at the first byte over the limit. */
async function readFile(part: MultipartFile): Promise<{ content: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Stops reading here: the rest of the body stays unread (the answer closes the connection).
    if (size > MAX_ATTACHMENT_BYTES || part.file.truncated) throw fileTooLarge();
    hash.update(chunk);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw fileTooLarge();
  return { content: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}

/**
 * The evidence file of an upload request (docs/api.md, Attachment), read as it streams in: the name
 * is checked before the bytes are read (400), the size while they are (413, reading stops at the first
 * byte over 10 MB), then emptiness (400) and the type by magic bytes (415). Only the field `file`, only
 * one file, nothing else.
 */
export async function readEvidenceUpload(request: FastifyRequest): Promise<EvidenceUpload> {
  let upload: EvidenceUpload | undefined;
  try {
    const parts = request.parts({
      ...MULTIPART_OPTIONS,
      limits: { ...MULTIPART_OPTIONS.limits, fileSize: MAX_ATTACHMENT_BYTES + 1 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== EVIDENCE_FIELD || upload !== undefined) {
        throw invalid(
          part.fieldname,
          `${part.fieldname} is not an accepted field: send one file, in the field "file"`,
        );
      }
      const problem = evidenceFilenameProblem(part.filename);
      if (problem !== undefined) throw invalid(EVIDENCE_FIELD, problem);
      const { content, sha256 } = await readFile(part);
      if (content.length === 0) throw invalid(EVIDENCE_FIELD, 'file is empty');
      const contentType = await detectEvidenceContentType(content);
      if (contentType === undefined) {
        throw new ProblemException(
          415,
          'unsupported_media_type',
          'The file is not a PDF, PNG, JPEG or WebP (judged by its content, not its name).',
          [{ field: EVIDENCE_FIELD, message: 'file must be a PDF, PNG, JPEG or WebP' }],
        );
      }
      upload = {
        filename: normalizedEvidenceFilename(part.filename),
        contentType,
        content,
        sha256,
      };
    }
  } catch (error) {
    throw asProblem(error);
  }
  if (upload === undefined) throw invalid(EVIDENCE_FIELD, 'file is required');
  return upload;
}

/**
 * An upload request as the service sees it (it knows no HTTP): the checks that need only the headers,
 * and the body, read on demand, so the service can check the claim before a byte of it is read.
 */
export interface EvidenceUploadRequest {
  /** 400 unless `multipart/form-data`. */
  assertMultipart(): void;
  /** 413 when the body is declared longer than any accepted upload can be. */
  assertDeclaredLength(): void;
  /** The file, read and checked as it streams in (`readEvidenceUpload`). */
  read(): Promise<EvidenceUpload>;
}

/** The controller's side of `EvidenceUploadRequest`: the Fastify request, unread. */
export function evidenceUploadRequest(request: FastifyRequest): EvidenceUploadRequest {
  return {
    assertMultipart: () => assertMultipart(request),
    assertDeclaredLength: () => assertDeclaredLength(request),
    read: () => readEvidenceUpload(request),
  };
}
