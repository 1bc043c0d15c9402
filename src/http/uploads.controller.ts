import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { UserLive } from '../../projections/live';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, isHiddenPicture } from '../../projections/live';
import type { UploadReply } from '../../wire';
import { Engine } from '../engine/engine';
import { TokenService } from '../auth/jwt';
import { UPLOADS_DIR } from '../tokens';
import { sniffImage, type ImageKind } from '../uploads/image-sniffing';
import { ReceiveRefusal, receiveUpload, type ReceivedFile } from '../uploads/receive';
import { reencodeImage } from '../uploads/reencode-image';
import { movedIntoPlace } from '../uploads/into-place';
import { runSecured } from '../identity/secured-command';
import {
  INCOMING,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_KINDS,
  UPLOAD_LIMIT_TEXTS,
  UploadLimits,
  uploadOwnerOf,
} from '../limits/uploads';
import { httpError, rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf, requestUser } from './request-user';
import { UPLOAD_TEXTS } from '../edge-texts';

const KINDS = UPLOAD_KINDS;
type UploadKind = (typeof KINDS)[number];
/** Stored names are chosen here: <kind>/<team or user id>/<uuid>.<ext>. Only such paths are ever served. */
const STORED_PATH = /^(team|question|user|show)\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** Images are read, decoded, encoded and written back one or two at a time: at most that many decoded images in memory. */
const STRIPPING_AT_ONCE = 2;
let stripping = 0;
const waitingToStrip: Array<() => void> = [];

async function inStrippingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (stripping >= STRIPPING_AT_ONCE) await new Promise<void>((resolve) => waitingToStrip.push(resolve));
  else stripping++;
  try {
    return await work();
  } finally {
    const next = waitingToStrip.shift();
    if (next) next();
    else stripping--;
  }
}

/**
 * The file's kind by its content, decoded and encoded again in place (src/uploads/reencode-image.ts):
 * only the pixels are stored. `refusal`: not an image we can read (null), or the German reason.
 * Returns the stored size.
 */
async function cleanImage(file: ReceivedFile): Promise<{ kind: ImageKind; size: number } | { refusal: string | null }> {
  return inStrippingTurn(async () => {
    const bytes = await readFile(file.path);
    const kind = sniffImage(bytes.subarray(0, 16));
    if (!kind) return { refusal: null };
    const clean = await reencodeImage(bytes, kind);
    if (!clean.ok) return { refusal: clean.refusal };
    await writeFile(file.path, clean.bytes);
    return { kind, size: clean.bytes.length };
  });
}

/** What a refused upload may still send, and for how long, before it is cut off (see refuse): a whole upload's worth. */
const LINGER_MAX_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 30_000;

@ApiTags('uploads')
@Controller('api/uploads')
export class UploadsController {
  constructor(
    private readonly engine: Engine,
    private readonly jwt: TokenService,
    private readonly uploadLimits: UploadLimits,
    @Inject(UPLOADS_DIR) private readonly uploadsDir: string,
  ) {}

  /**
   * multipart `image` or `image0..imageN`, optional `fileName` (the pause upload's resolution). The
   * request's bytes are reserved against the owner's quota, all uploads' ceiling and the disk's floor
   * while they stream in (src/limits/uploads.ts); the stored images carry no metadata.
   */
  @Post(':kind')
  @HttpCode(201)
  @LoggedIn()
  @ApiParam({ name: 'kind', enum: KINDS })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        image: {
          type: 'string',
          format: 'binary',
          description: `One image (or several as image0..imageN, at most ${MAX_FILES_PER_UPLOAD}); checked by content, not by name.`,
        },
        fileName: { type: 'string', description: 'The resolution of a pause upload (kind user).' },
      },
    },
  })
  @ApiCreatedResponse({ description: '`{success: true, fileNames}`: the stored names to show the images by.' })
  @ApiPayloadTooLargeResponse({
    description: `A file over ${UPLOAD_MAX_BYTES} bytes, too many files, or the owner's quota is full (German \`detail\`).`,
  })
  @ApiResponse({
    status: 507,
    description: 'All uploads together reached their ceiling, or the disk its floor of free space (German `detail`).',
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not an image.' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads by this user (German `detail`).' })
  async upload(
    @Param('kind') kind: string,
    @Req() request: Request,
    @CurrentUser() user: UserLive,
  ): Promise<UploadReply> {
    if (!KINDS.includes(kind as UploadKind)) throw this.refuse(request, 404, UPLOAD_TEXTS.notFound);
    const limits = this.uploadLimits;
    const tooMany = await limits.request(user.id);
    if (tooMany) throw this.refuse(request, tooMany.status, tooMany.detail);
    const owner = uploadOwnerOf(kind, user);
    const reservation = limits.reservation(owner);
    const incoming = path.join(this.uploadsDir, INCOMING);
    const written: ReceivedFile[] = [];
    let stored = 0;
    try {
      await mkdir(incoming, { recursive: true });
      const declared = Number(request.headers['content-length']);
      // A declared length is reserved at once (a hint: the bytes are counted as they come all the same).
      const upFront = Number.isSafeInteger(declared) && declared > 0 ? await reservation.grow(declared) : null;
      if (upFront) throw this.refuse(request, upFront.status, upFront.detail);
      const { files, fields } = await receiveUpload(request, incoming, (total) => reservation.grow(total), written);
      if (files.length === 0) throw httpError(400, UPLOAD_TEXTS.failed);
      const cleaned = await Promise.all(files.map(async (file) => ({ file, ...(await cleanImage(file)) })));
      const images: Array<{ file: ReceivedFile; kind: ImageKind; size: number }> = [];
      for (const image of cleaned) {
        if ('refusal' in image) throw httpError(415, image.refusal ?? UPLOAD_TEXTS.notAnImage);
        images.push(image);
      }
      // Encoded again, an image may grow a little: the same limits hold for what is stored.
      if (images.some((image) => image.size > UPLOAD_MAX_BYTES)) throw httpError(413, UPLOAD_TEXTS.tooLarge);
      const grown = await reservation.grow(images.reduce((sum, image) => sum + image.size, 0));
      if (grown) throw httpError(grown.status, grown.detail);
      const stored_ = images.map((image) => ({
        ...image,
        name: `${kind}/${owner.id}/${randomUUID()}.${image.kind.extension}`,
      }));
      const outcome = await runSecured(this.engine, {
        input: {
          type: 'RecordUpload',
          kind: kind as UploadKind,
          files: stored_.map((s) => ({ fileName: s.name, mimeType: s.kind.mimeType, size: s.size })),
          fileName: typeof fields.fileName === 'string' ? fields.fileName : null,
        },
        actor: actorOf(user),
        after: [
          movedIntoPlace(
            this.uploadsDir,
            stored_.map((s) => ({ from: s.file.path, name: s.name })),
          ),
        ],
      });
      if (!outcome.ok) throw rejectionError(outcome);
      stored = stored_.reduce((sum, s) => sum + s.size, 0);
      return { success: true, fileNames: stored_.map((s) => s.name) };
    } catch (error) {
      if (error instanceof ReceiveRefusal) throw this.refuse(request, error.refusal.status, error.refusal.detail);
      // The disk filled up under the ledger's count (blocks, other writers): the same refusal as its floor.
      if (isDiskFull(error)) throw this.refuse(request, 507, UPLOAD_LIMIT_TEXTS.full);
      this.dropTheRest(request); // whatever went wrong, the answer must reach a client still sending
      throw error;
    } finally {
      // Whatever was not moved into place (refused, not an image, a field beside the images) goes; the rest of the reservation is given back.
      await Promise.all(written.map((f) => rm(f.path, { force: true })));
      await reservation.settle(stored);
    }
  }

  /**
   * A refusal before the request's body was read to its end. The answer goes out at once and the
   * connection stays open while what the client still sends is read and dropped: closing it under a
   * client that is still sending makes its kernel reset the connection, and the client loses the answer
   * it had not read yet (Node 26's fetch and http client do, docs/decisions/node-version.md). A client
   * that sends more than a whole upload's worth after the refusal, or takes longer than LINGER_MS, is
   * cut off.
   */
  private refuse(request: Request, status: number, detail: string) {
    this.dropTheRest(request);
    return httpError(status, detail);
  }

  /** Reads and drops what the client still sends after the answer (see refuse), within LINGER_MAX_BYTES and LINGER_MS. */
  private dropTheRest(request: Request): void {
    if (request.complete || request.listenerCount('data') > 0) return;
    let dropped = 0;
    const cutOff = setTimeout(() => request.destroy(), LINGER_MS);
    request.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_MAX_BYTES) request.destroy();
    });
    request.once('close', () => clearTimeout(cutOff));
    request.resume();
  }

  /**
   * An uploaded image by its stored name. Logged-in users only, by the Bearer header: tokens never travel
   * in URLs (proxy logs keep them); the web app fetches images with the header and shows object URLs.
   */
  @Get('*path')
  @ApiBearerAuth()
  @ApiParam({
    name: 'path',
    description: "A stored name from an upload's `fileNames`: <kind>/<owner id>/<uuid>.<ext>.",
  })
  @ApiOkResponse({ description: 'The image.' })
  @ApiNotFoundResponse({
    description: 'No such upload, or a picture a moderator hid (mph; admins and moderators still get it).',
  })
  async serve(
    @Param('path') parts: string[] | string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const user = requestUser(this.jwt, this.engine.live, request);
    const name = Array.isArray(parts) ? parts.join('/') : parts;
    if (!STORED_PATH.test(name)) throw httpError(404, UPLOAD_TEXTS.notFound);
    // mph: a hidden picture is the operators' only (they show it again, the audit keeps it); for everyone else it is gone.
    if (
      isHiddenPicture(this.engine.live.state, name) &&
      !user.roles.some((role) => role === 'admin' || role === 'moderator')
    )
      throw httpError(404, UPLOAD_TEXTS.notFound);
    const file = path.join(this.uploadsDir, name);
    if (
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      throw httpError(404, UPLOAD_TEXTS.notFound);
    response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.sendFile(file);
  }
}

function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
