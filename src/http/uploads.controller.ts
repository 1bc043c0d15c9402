import {
  ArgumentsHost, Body, Catch, Controller, ExceptionFilter, Get, Inject, Injectable, Param, PayloadTooLargeException, Post, Req, Res, UploadedFiles,
  UseFilters, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiPayloadTooLargeResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { UserLive } from '../../projections/live';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../projections/live';
import type { UploadReply } from '../../wire';
import { RUNTIME, type Runtime } from '../runtime';
import { sniffImage } from '../uploads/image-sniffing';
import { httpError, rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf, requestUser } from './request-user';
import { UPLOAD_KINDS } from '../uploads/upload-limits';

export const UPLOAD_TEXTS = {
  notAnImage: 'Bitte nur Bilder hochladen',
  tooLarge: 'Bitte nicht zu große Bilder hochladen',
  failed: 'Beim Speichern ist ein Fehler aufgetreten.',
  notFound: '(nicht gefunden)',
} as const;

const KINDS = UPLOAD_KINDS;
type UploadKind = (typeof KINDS)[number];
/** Where multer streams a request's files (under the uploads folder: a rename moves them into place). */
const INCOMING = '.incoming';
/** Stored names are chosen here: <kind>/<team or user id>/<uuid>.<ext>. Only such paths are ever served. */
const STORED_PATH = /^(team|question|user|show)\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const MAX_FILES = 10;

/** multer stops a file at the limit with its own English message; the player gets the spec's text. */
@Catch(PayloadTooLargeException)
class UploadTooLargeFilter implements ExceptionFilter {
  catch(_error: PayloadTooLargeException, host: ArgumentsHost): void {
    const error = httpError(413, UPLOAD_TEXTS.tooLarge);
    host.switchToHttp().getResponse<Response>().status(413).json(error.getResponse());
  }
}

/** The owner folder of an upload: the user's own for kinds user and show (the admin's logo), else their team's (their own without one). */
function ownerOf(kind: string, user: UserLive): string {
  return kind === 'user' || kind === 'show' ? user.id : user.teamId ?? user.id;
}

/**
 * Runs after the login guard and before multer writes a byte: a known kind, the user's upload rate,
 * and the owner's quota against the request's declared length (checked again with the real sizes).
 */
@Injectable()
class UploadAllowance implements NestInterceptor {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    const request = context.switchToHttp().getRequest<Request & { user: UserLive; incomingDir?: string }>();
    const kind = String(request.params.kind);
    if (!KINDS.includes(kind as UploadKind)) throw httpError(404, UPLOAD_TEXTS.notFound);
    const limits = this.runtime.uploadLimits;
    const tooMany = limits.request(request.user.id);
    if (tooMany) throw httpError(429, tooMany);
    const declared = Number(request.headers['content-length'] ?? 0);
    const full = await limits.quotaRefusal(ownerOf(kind, request.user), Number.isFinite(declared) ? declared : 0);
    if (full) throw httpError(413, full);
    const incoming = path.join(this.runtime.uploadsDir, INCOMING);
    await mkdir(incoming, { recursive: true });
    request.incomingDir = incoming;
    return next.handle();
  }
}

/** The first bytes of a file on disk, for sniffing its kind. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(16);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

@ApiTags('uploads')
@Controller('api/uploads')
@UseFilters(UploadTooLargeFilter)
export class UploadsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** multipart `image` or `image0..imageN`, optional `fileName` (the pause upload's resolution). */
  @Post(':kind')
  @LoggedIn()
  @ApiParam({ name: 'kind', enum: KINDS })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        image: { type: 'string', format: 'binary', description: 'One image (or several as image0..imageN); checked by content, not by name.' },
        fileName: { type: 'string', description: 'The resolution of a pause upload (kind user).' },
      },
    },
  })
  @ApiCreatedResponse({ description: '`{success: true, fileNames}`: the stored names to show the images by.' })
  @ApiPayloadTooLargeResponse({ description: `A file over ${UPLOAD_MAX_BYTES} bytes.` })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not an image.' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads by this user (German `detail`).' })
  // Files are streamed to a folder on disk as they arrive (never held in memory), then renamed into place.
  @UseInterceptors(UploadAllowance, AnyFilesInterceptor({
    storage: diskStorage({ destination: (request, _file, done) => done(null, (request as Request & { incomingDir: string }).incomingDir) }),
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 5 },
  }))
  async upload(
    @Param('kind') kind: string,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: UserLive,
  ): Promise<UploadReply> {
    try {
      const images = (files ?? []).filter((f) => /^image\d*$/.test(f.fieldname));
      if (images.length === 0) throw httpError(400, UPLOAD_TEXTS.failed);
      const kinds = await Promise.all(images.map(async (f) => sniffImage(await headOf(f.path))));
      if (kinds.some((k) => k === null)) throw httpError(415, UPLOAD_TEXTS.notAnImage);
      const owner = ownerOf(kind, user);
      const full = await this.runtime.uploadLimits.quotaRefusal(owner, images.reduce((sum, f) => sum + f.size, 0));
      if (full) throw httpError(413, full);
      const stored = images.map((file, i) => ({ file, kind: kinds[i]!, name: `${kind}/${owner}/${randomUUID()}.${kinds[i]!.extension}` }));
      const outcome = await this.runtime.engine.pipeline.submit(
        {
          type: 'RecordUpload', kind: kind as UploadKind,
          files: stored.map((s) => ({ fileName: s.name, mimeType: s.kind.mimeType, size: s.file.size })),
          fileName: typeof body.fileName === 'string' ? body.fileName : null,
        },
        actorOf(user),
      );
      if (!outcome.ok) throw rejectionError(outcome);
      // The event is durable first; a crash before the files are moved leaves a name that answers 404, never a file without a record.
      await mkdir(path.join(this.runtime.uploadsDir, kind, owner), { recursive: true });
      await Promise.all(stored.map((s) => rename(s.file.path, path.join(this.runtime.uploadsDir, s.name))));
      return { success: true, fileNames: stored.map((s) => s.name) };
    } finally {
      // Whatever was not moved into place (refused, not an image, a field beside the images) goes.
      await Promise.all((files ?? []).map((f) => rm(f.path, { force: true })));
    }
  }

  /**
   * An uploaded image by its stored name. Logged-in users only, by the Bearer header: tokens never travel
   * in URLs (proxy logs keep them); the web app fetches images with the header and shows object URLs.
   */
  @Get('*path')
  @ApiBearerAuth()
  @ApiParam({ name: 'path', description: 'A stored name from an upload\'s `fileNames`: <kind>/<owner id>/<uuid>.<ext>.' })
  @ApiOkResponse({ description: 'The image.' })
  @ApiNotFoundResponse({ description: 'No such upload.' })
  async serve(@Param('path') parts: string[] | string, @Req() request: Request, @Res() response: Response): Promise<void> {
    requestUser(this.runtime, request);
    const name = Array.isArray(parts) ? parts.join('/') : parts;
    if (!STORED_PATH.test(name)) throw httpError(404, UPLOAD_TEXTS.notFound);
    const file = path.join(this.runtime.uploadsDir, name);
    if (!(await stat(file).then((s) => s.isFile(), () => false))) throw httpError(404, UPLOAD_TEXTS.notFound);
    response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.sendFile(file);
  }
}
