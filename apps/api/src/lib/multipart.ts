import type { FastifyRequest } from 'fastify';
import { say, MAX_IMAGE_BYTES } from '@shop/contracts';
import { badRequest, HttpError } from './errors.js';

/**
 * A file name a browser would send: a plain name, no directory (no slash, backslash or drive letter), no dot-dot, no
 * control character, not percent-encoded path syntax. The name is never used to store anything (images
 * get content-hashed names), but a path in it is an attack, and it is refused as one.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length <= 255 &&
    !/[/\\\p{Cc}]/u.test(name) &&
    !/^[a-z]:/i.test(name) &&
    !/%(2e|2f|5c|00)/i.test(name) &&
    name !== '.' &&
    !name.startsWith('..')
  );
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** Contents of the files sent in `fileField`, in order. */
  files: Buffer[];
}

/**
 * Reads a whole multipart form into memory: text fields and the files of one field. Nothing is
 * stored here, so a refusal at any point (too many files, one too large, a stray field) leaves no trace.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  maxFiles: number,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, say.api.multipartRequired);
  const { FilesLimitError, RequestFileTooLargeError } = request.server.multipartErrors;
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw badRequest(say.api.imagesField(fileField));
        if (!isPlainFileName(part.filename)) throw badRequest(say.api.fileNameNotAllowed);
        files.push(await part.toBuffer());
      } else {
        if (part.valueTruncated) throw badRequest(say.api.fieldTooLong(part.fieldname));
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof RequestFileTooLargeError)
      throw new HttpError(413, say.api.imageTooLarge(MAX_IMAGE_BYTES / 1024 / 1024));
    if (err instanceof FilesLimitError)
      throw new HttpError(413, maxFiles === 1 ? say.api.oneImageOnly : say.api.tooManyImages(maxFiles));
    if (err instanceof HttpError || (err as { statusCode?: number }).statusCode) throw err;
    // The parser's own complaints ("Boundary not found", "Unexpected end of form", a malformed part
    // header) are about the bytes the client sent: a 400, not a 500.
    throw badRequest(say.api.multipartUnreadable);
  }
  return { fields, files };
}
