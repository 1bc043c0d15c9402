import { useAppSelector } from '../store';
import { t } from '../texts';

/** A steady banner while the server restarts (maintenance) or the socket reconnects. */
export function ConnectionBanner() {
  const status = useAppSelector((s) => s.live.status);
  const maintenance = useAppSelector((s) => s.live.views.global?.state === 'ma');
  const loaded = useAppSelector((s) => s.live.loaded);
  let text: string | null = null;
  if (maintenance || status === 'maintenanceWait') text = t.socket.maintenanceWait;
  else if (status === 'connecting' && loaded) text = t.socket.connecting;
  else if (status === 'closed') text = t.socket.closed;
  if (!text) return null;
  return (
    <div className="banner" role="status">
      {text}
    </div>
  );
}
