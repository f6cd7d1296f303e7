import Type from 'typebox';
import multipart from '@fastify/multipart';
import { admitUpload, uploadAllowance } from '../../domain/knowledge/add-file-source.ts';
import { addFileOnce } from '../../domain/knowledge/add-file-once.ts';
import { AppError, invalidBody } from '../../domain/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abortOnClientClose } from '../abort-on-close.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** The form the handler reads: documentation only (the multipart body is parsed by the handler). */
const UploadFormSchema = Type.Object({
  file: Type.String({
    format: 'binary',
    description: 'The file: PDF, DOC, DOCX or TXT, recognised by its content. Its file name becomes the source title.',
  }),
});

const FileSourceSchema = Type.Object({
  id: Type.String(),
  type: Type.Literal('file'),
  title: Type.String(),
  size: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
});

interface UploadedFile {
  fieldname: string;
  filename: string | undefined;
  bytes: Buffer;
}

/** What the form held: its one file part, and whether `file` came as a plain field instead. */
interface UploadForm {
  file: UploadedFile | undefined;
  fileAsField: boolean;
}

/** Plain form fields an upload may carry beside its file (they are ignored). */
const FORM_FIELDS_MAX = 10;

/**
 * The one file part of the request, read whole (at most `maxBytes`); other form fields are
 * ignored. A second file part is refused rather than dropped: the client meant it to be indexed.
 */
async function readOneFile(request: FastifyRequest, reply: FastifyReply, maxBytes: number): Promise<UploadForm> {
  let file: UploadedFile | undefined;
  let fileAsField = false;
  if (!request.isMultipart()) return { file, fileAsField };
  let reading = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') {
        // No filename and no Content-Type (curl -F 'file=<notes.txt'): multipart calls it a field.
        fileAsField ||= part.fieldname === 'file';
        continue;
      }
      reading = true;
      const bytes = await part.toBuffer();
      reading = false;
      file = { fieldname: part.fieldname, filename: part.filename as string | undefined, bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The rest of the body is left to Node to drain (it holds at most one more file header).
    if (code === 'FST_FILES_LIMIT')
      throw invalidBody(
        { file: ['must be the only file: send one file per request'] },
        'The request holds more than one file; send one file per request.',
      );
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalidBody(
        { body: [`must hold at most ${FORM_FIELDS_MAX} form fields besides the file`] },
        `The form holds more than ${FORM_FIELDS_MAX} fields besides the file; send the file with fewer fields.`,
      );
    // A file too large or a broken body: stop reading, the rest of the upload is not wanted.
    reply.header('connection', 'close');
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'FILE_TOO_LARGE',
        `The file is larger than this agent's remaining storage (${maxBytes} bytes).`,
      );
    // A multipart body cut short or malformed: the file never arrived whole.
    if (reading || file)
      throw new AppError(
        'INVALID_FILE',
        'The upload ended before the file was complete, or its multipart body is malformed.',
      );
    return { file: undefined, fileAsField }; // no file found before the body went wrong: FILE_REQUIRED
  }
  return { file, fileAsField };
}

/** POST /agents/{agentId}/sources/files: one PDF, DOC, DOCX or TXT in field `file`. */
export async function registerUploadFileSource(app: ApiApp, deps: HttpDeps): Promise<void> {
  // Its own scope: multipart parsing for this route only, and any other body type reaches the
  // handler (to be answered FILE_REQUIRED) instead of failing as "not JSON".
  await app.register(async (scope: ApiApp) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: FORM_FIELDS_MAX, fieldSize: 10_000, parts: 20, headerPairs: 200 },
    });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post(
      '/agents/:agentId/sources/files',
      {
        config: {
          openapi: {
            multipartBody: UploadFormSchema,
            errors: ['FILE_REQUIRED', 'FILE_TYPE_NOT_ALLOWED', 'INVALID_FILE', 'FILE_TOO_LARGE', 'PLAN_LIMIT_REACHED'],
          },
        },
        schema: {
          tags: ['Knowledge'],
          operationId: 'uploadFileSource',
          summary: 'Upload a file',
          description:
            'Multipart form with the file in field `file`. The type is recognised by content, not name: PDF, DOC, DOCX, or TXT (UTF-8, UTF-16 with a BOM, or the legacy Windows-1252 / Latin-1). ' +
            'Exactly one file part per request: a second one is 400 `INVALID_BODY` (`error.list.file`). Other form fields are ignored, up to 10; more is 400 `INVALID_BODY` (`error.list.body`). A part with an empty file name (or none, sent as `application/octet-stream`) is judged by its content alone; `file` sent as a plain form field is 400 `FILE_REQUIRED`. ' +
            'A file larger than the agent’s remaining storage is refused with 413 `FILE_TOO_LARGE` as soon as that many bytes have arrived, and so is one whose extracted text has more characters than that storage (a compressed DOCX or PDF), before it is embedded; with no storage left at all the answer is 403 `PLAN_LIMIT_REACHED`. ' +
            'The file is extracted, chunked, embedded and indexed before the response (PDF page numbers are kept with the passages). Its bytes count against storage, reserved before extraction: concurrent uploads that together pass the limit are refused up front (403 `PLAN_LIMIT_REACHED`). ' +
            'When the server is already reading as many files as its extraction queue holds, the upload is refused before its body is read: 503 `SERVICE_UNAVAILABLE` with `Retry-After`. Emits `source.added`. ' +
            'The same bytes again (whatever the file name) are not stored twice: the answer is still 200, with the source the agent already holds and `duplicate: true`; nothing is indexed, charged against storage or announced (see docs/knowledge-sync.md).',
          security: SECURITY,
          params: AgentIdParamsSchema,
          consumes: ['multipart/form-data'],
          response: {
            200: Type.Object({
              success: Type.Literal(true),
              source: FileSourceSchema,
              duplicate: Type.Optional(
                Type.Literal(true, {
                  description: 'Present when the agent already held this file: `source` is the one held.',
                }),
              ),
            }),
            400: ErrorSchema,
            404: ErrorSchema,
            413: ErrorSchema,
            ...AUTHENTICATED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const ctx = requireContext(request);
        const { agent, maxBytes } = await uploadAllowance(deps.domain, ctx, request.params.agentId);
        // A place in the extraction queue before the body is read: when it is full (503), the
        // upload's bytes are never held in memory (Node discards the unread body, and the client
        // reads its answer; closing the connection instead would cut its upload short with EPIPE).
        // The place is given back when the answer is done.
        const ticket = admitUpload(deps.domain);
        reply.raw.once('close', () => ticket.release());
        const { file, fileAsField } = await readOneFile(request, reply, maxBytes);
        if (!file || file.fieldname !== 'file')
          throw new AppError(
            'FILE_REQUIRED',
            fileAsField && !file
              ? 'The field "file" arrived as a plain form field, not as a file: send it as a file part (curl -F file=@notes.txt).'
              : 'Send the file in the multipart field "file".',
          );
        const { bytes } = file;
        // A part with no file name (Node's FormData with '', curl's `<file;type=…`) is judged by content alone.
        const { source, duplicate } = await addFileOnce(
          deps.domain,
          ctx,
          agent,
          { bytes, filename: file.filename ?? '' },
          ticket,
          abortOnClientClose(reply),
        );
        const answer = {
          success: true as const,
          source: {
            id: source.id,
            type: 'file' as const,
            title: source.title,
            size: source.size ?? bytes.byteLength,
            createdAt: new Date(source.createdAt).toISOString(),
          },
        };
        return duplicate ? { ...answer, duplicate: true as const } : answer;
      },
    );
  });
}
