/** Images for the upload tests, made byte by byte: what a camera or an editor writes, and plain ones. */

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A JPEG segment: marker, big-endian length (with itself), data. */
function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** EXIF as a camera writes it: "Exif\0\0", a TIFF header, and a GPS latitude somewhere inside. */
export const EXIF = Buffer.concat([ascii('Exif\0\0MM\0*\0\0\0\x08'), ascii('GPSLatitude 52.5200 N GPSLongitude 13.4050 E')]);
export const SCAN = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78]); // entropy-coded data with a stuffed byte and a restart marker

export function jpegWithMetadata(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, ascii('JFIF\0\x01\x01\0\0\x01\0\x01\0\0')),
    segment(0xe1, EXIF),
    segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Ort: Berlin</x:xmpmeta>')),
    segment(0xed, ascii('Photoshop 3.0\x008BIM IPTC Fotograf')),
    segment(0xe2, ascii('ICC_PROFILE\0\x01\x01profile')),
    segment(0xfe, ascii('Kommentar: Wohnzimmer')),
    segment(0xdb, Buffer.alloc(65, 1)), // DQT
    Buffer.from([0xff, 0xff]), // a fill byte before the next marker
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])), // SOF0 1x1
    segment(0xc4, Buffer.alloc(20, 2)), // DHT
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), // SOS
    SCAN,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A well-formed PNG of about `bytes` bytes (one large IDAT chunk; never decoded by the server). */
export function pngOfSize(bytes: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, ascii(type), data, Buffer.alloc(4)]);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', Buffer.alloc(13, 1)), chunk('IDAT', Buffer.alloc(Math.max(0, bytes - 57), 7)), chunk('IEND', Buffer.alloc(0))]);
}
