/// <reference types="multer" />
import {
  ArgumentsHost, Body, Catch, Controller, ExceptionFilter, Get, Inject, Param, PayloadTooLargeException, Post, Req, Res, UploadedFiles,
  UseFilters, UseInterceptors,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiPayloadTooLargeResponse, ApiQuery, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { UserLive } from '../../projections/live';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../projections/live';
import type { UploadReply } from '../../wire';
import { RUNTIME, type Runtime } from '../runtime';
import { sniffImage } from '../uploads/image-sniffing';
import { httpError, rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf, requestUser } from './request-user';

export const UPLOAD_TEXTS = {
  notAnImage: 'Bitte nur Bilder hochladen',
  tooLarge: 'Bitte nicht zu große Bilder hochladen',
  failed: 'Beim Speichern ist ein Fehler aufgetreten.',
  notFound: '(nicht gefunden)',
} as const;

const KINDS = ['team', 'question', 'user'] as const;
type UploadKind = (typeof KINDS)[number];
/** Stored names are chosen here: <kind>/<team or user id>/<uuid>.<ext>. Only such paths are ever served. */
const STORED_PATH = /^(team|question|user)\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const MAX_FILES = 10;

/** multer stops a file at the limit with its own English message; the player gets the spec's text. */
@Catch(PayloadTooLargeException)
class UploadTooLargeFilter implements ExceptionFilter {
  catch(_error: PayloadTooLargeException, host: ArgumentsHost): void {
    const error = httpError(413, UPLOAD_TEXTS.tooLarge);
    host.switchToHttp().getResponse<Response>().status(413).json(error.getResponse());
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
  @UseInterceptors(AnyFilesInterceptor({ limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 5 } }))
  async upload(
    @Param('kind') kind: string,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: UserLive,
  ): Promise<UploadReply> {
    if (!KINDS.includes(kind as UploadKind)) throw httpError(404, UPLOAD_TEXTS.notFound);
    const images = (files ?? []).filter((f) => /^image\d*$/.test(f.fieldname));
    if (images.length === 0) throw httpError(400, UPLOAD_TEXTS.failed);
    const kinds = images.map((f) => sniffImage(f.buffer));
    if (kinds.some((k) => k === null)) throw httpError(415, UPLOAD_TEXTS.notAnImage);
    const owner = kind === 'user' ? user.id : user.teamId ?? user.id;
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
    // The event is durable first; a crash before the bytes are written leaves a name that answers 404, never a file without a record.
    await mkdir(path.join(this.runtime.uploadsDir, kind, owner), { recursive: true });
    await Promise.all(stored.map((s) => writeFile(path.join(this.runtime.uploadsDir, s.name), s.file.buffer)));
    return { success: true, fileNames: stored.map((s) => s.name) };
  }

  /**
   * An uploaded image by its stored name. Logged-in users only: the Bearer header, or `?token=` for
   * <img> tags, which cannot send headers.
   */
  @Get('*path')
  @ApiBearerAuth()
  @ApiParam({ name: 'path', description: 'A stored name from an upload\'s `fileNames`: <kind>/<owner id>/<uuid>.<ext>.' })
  @ApiQuery({ name: 'token', required: false, description: 'The login token, for <img> tags (which cannot send headers).' })
  @ApiOkResponse({ description: 'The image.' })
  @ApiNotFoundResponse({ description: 'No such upload.' })
  async serve(@Param('path') parts: string[] | string, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (!request.headers.authorization && typeof request.query.token === 'string') request.headers.authorization = `Bearer ${request.query.token}`;
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
