import { Suspense, useId } from 'react';
import { Modal } from '../components/Modal';
import { onDemand } from '../onDemand';
import { t } from '../texts';

/** The QR code comes when the dialog first shows it. */
const QRCodeSVG = onDemand(() => import('qrcode.react'), 'QRCodeSVG');

interface InviteDialogProps {
  link: string | null;
  /** The link is in the clipboard. */
  copied: boolean;
  onCopy(): void;
  onClose(): void;
}

/** The invite dialog: explanation, the link read-only (copied to the clipboard), its QR code and a close button. */
export function InviteDialog({ link, copied, onCopy, onClose }: InviteDialogProps) {
  const fieldId = useId();
  return (
    <Modal
      open={link !== null}
      title={t.invite.heading}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t.invite.close}
        </button>
      }
    >
      <p>{t.invite.text}</p>
      {link && (
        <>
          <div className="field">
            <label htmlFor={fieldId}>{t.invite.linkLabel}</label>
            <div className="copy-row">
              <input id={fieldId} readOnly value={link} onFocus={(e) => e.target.select()} />
              <button type="button" className="button button--primary" onClick={onCopy}>
                {t.invite.copy}
              </button>
            </div>
            <p className={copied ? 'success' : 'hint'} role="status">
              {copied ? t.invite.copied : t.invite.copyHint}
            </p>
          </div>
          <div className="qr">
            <Suspense fallback={null}>
              <QRCodeSVG value={link} size={200} marginSize={2} role="img" aria-label={t.invite.qrLabel} />
            </Suspense>
          </div>
        </>
      )}
    </Modal>
  );
}
