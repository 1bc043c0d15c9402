import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '../../projections/live';
import { MAX_FILES_PER_UPLOAD, UPLOAD_LIMIT_TEXTS, type UploadRefusal } from '../limits/uploads';
import { RECEIVE_TEXTS } from '../edge-texts';

/** A file of the request, streamed into the incoming folder. */
export interface ReceivedFile {
  field: string;
  path: string;
  size: number;
}

export interface Received {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/** What the request did wrong, or what refused it: answered with this status and German detail. */
export class ReceiveRefusal extends Error {
  constructor(readonly refusal: UploadRefusal | { status: 400 | 413; detail: string }) {
    super(refusal.detail);
  }
}

/**
 * Streams a multipart request's image fields (`image`, `image0..imageN`) into files in `incomingDir`,
 * never holding a file in memory. Every byte of the request passes `grow` (the total so far) before
 * it is parsed, whatever the request declared (a chunked request has no length): the upload's
 * reservation grows with it, and a refusal stops the request there. `written` receives every file
 * created, also when the request fails (the caller removes them).
 */
export function receiveUpload(
  request: IncomingMessage,
  incomingDir: string,
  grow: (total: number) => Promise<UploadRefusal | null>,
  written: ReceivedFile[],
): Promise<Received> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: 5,
        fieldSize: 1_000,
        parts: MAX_FILES_PER_UPLOAD + 5,
      },
    });
  } catch {
    return Promise.reject(new ReceiveRefusal({ status: 400, detail: RECEIVE_TEXTS.failed })); // not multipart, no boundary
  }
  const fields: Record<string, string> = {};
  const writes: Array<Promise<void>> = [];
  const streams: Array<Readable | WriteStream> = [];
  let counted = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted += chunk.length;
      grow(counted).then((refusal) => (refusal ? done(new ReceiveRefusal(refusal)) : done(null, chunk)), done);
    },
  });

  return new Promise<Received>((resolve, reject) => {
    let settled = false;
    /** A refusal, or what went wrong on our side (the disk, the database): thrown on as it is. */
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(meter);
      meter.unpipe(parser);
      // Destroyed with the reason: on Node 26 a file stream destroyed without one (inside busboy's 'limit')
      // leaves its pipeline unsettled, and the refusal would never be answered.
      const reason = error instanceof Error ? error : new Error(String(error));
      for (const stream of streams) stream.destroy(reason);
      parser.removeAllListeners('close');
      void Promise.allSettled(writes).then(() => reject(error));
    };
    /** The request itself is broken (not multipart as declared, cut off): 400. */
    const malformed = () => fail(new ReceiveRefusal({ status: 400, detail: RECEIVE_TEXTS.failed }));
    parser.on('file', (field, stream) => {
      if (!/^image\d*$/.test(field)) return void stream.resume();
      const file: ReceivedFile = { field, path: path.join(incomingDir, randomUUID()), size: 0 };
      written.push(file);
      const out = createWriteStream(file.path, { flags: 'wx' });
      streams.push(stream, out);
      stream.on('limit', () => fail(new ReceiveRefusal({ status: 413, detail: RECEIVE_TEXTS.tooLarge })));
      writes.push(
        pipeline(stream, out).then(
          () => void (file.size = out.bytesWritten),
          (error: unknown) => fail(error),
        ),
      );
    });
    parser.on('field', (name, value) => void (fields[name] = value));
    parser.on('filesLimit', () => fail(new ReceiveRefusal({ status: 413, detail: UPLOAD_LIMIT_TEXTS.tooManyFiles })));
    parser.on('error', malformed);
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (settled) return;
        settled = true;
        resolve({ files: [...written], fields });
      }, fail);
    });
    meter.on('error', fail);
    request.on('error', malformed);
    request.on('close', () => {
      if (!request.complete) malformed(); // the client went away mid-request
    });
    request.pipe(meter).pipe(parser);
  });
}
