import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/http/errors.ts';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The bytes of the multipart part `file`, within MAX_IMPORT_BYTES. */
export async function readImportUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in the part "file".');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'payload_too_large', 'The upload has too many parts; send one file in the part "file".');
    }
    // Everything else here is a malformed multipart body: the client's fault, never a 500.
    throw badRequest('invalid_request', 'The multipart body could not be read.');
  }
  throw badRequest('invalid_import_file', 'The request has no file part named "file".', [{ field: 'file', location: 'body', message: 'is required' }]);
}
