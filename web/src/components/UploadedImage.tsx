import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { requestBlob } from '../api/http';
import { config } from '../config';

/**
 * The server serves uploads only to logged-in users (`Authorization: Bearer`), which an `<img src>`
 * cannot send. Upload addresses of this origin are therefore fetched with the header and shown as
 * object URLs (one fetch per address and page life); every other address is used as it is.
 */
export function needsAuthorizedFetch(src: string, pageOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(src, pageOrigin);
  } catch {
    return false;
  }
  return url.origin === pageOrigin && url.pathname.startsWith(`${config.apiPrefix}/uploads/`);
}

const objectUrls = new Map<string, Promise<string>>();

function authorizedObjectUrl(src: string): Promise<string> {
  let pending = objectUrls.get(src);
  if (!pending) {
    pending = requestBlob(src).then((blob) => URL.createObjectURL(blob));
    objectUrls.set(src, pending);
    pending.catch(() => objectUrls.delete(src));
  }
  return pending;
}

interface UploadedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string;
  alt: string;
}

/** Addresses shown without a fetch of ours: the app's own files and inline images; never another host (a tracking pixel). */
function ownAddress(src: string, pageOrigin: string): boolean {
  if (/^(data:image\/|blob:)/i.test(src)) return true;
  try {
    return new URL(src, pageOrigin).origin === pageOrigin;
  } catch {
    return false;
  }
}

/**
 * An image that may be an upload of this server; while loading (or when refused) a placeholder with the
 * alt text. An address on another host (a team logo given as a URL) is never loaded: the placeholder stays.
 */
export function UploadedImage({ src, alt, className, ...rest }: UploadedImageProps) {
  const pageOrigin = typeof window !== 'undefined' ? window.location.origin : '';
  const authorized = pageOrigin !== '' && needsAuthorizedFetch(src, pageOrigin);
  const foreign = pageOrigin !== '' && !authorized && !ownAddress(src, pageOrigin);
  const [loaded, setLoaded] = useState<{ src: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!authorized) return;
    let current = true;
    authorizedObjectUrl(src).then(
      (objectUrl) => current && setLoaded({ src, objectUrl }),
      () => current && setLoaded(null),
    );
    return () => {
      current = false;
    };
  }, [src, authorized]);
  const shown = foreign ? null : !authorized ? src : loaded?.src === src ? loaded.objectUrl : null;
  if (shown === null)
    return <span className={`image-placeholder ${className ?? ''}`} role="img" aria-label={alt} aria-busy="true" />;
  return <img src={shown} alt={alt} className={className} {...rest} />;
}
