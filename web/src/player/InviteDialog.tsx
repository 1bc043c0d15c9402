import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { Modal } from '../components/Modal';
import { t } from '../texts';

/** The invite dialog: explanation, the link read-only, its QR code and a close button. */
export function InviteDialog({ link, onClose }: { link: string | null; onClose(): void }) {
  const fieldId = useId();
  return (
    <Modal open={link !== null} title={t.invite.heading} onClose={onClose} footer={<button type="button" className="button" onClick={onClose}>{t.invite.close}</button>}>
      <p>{t.invite.text}</p>
      {link && (
        <>
          <div className="field">
            <label htmlFor={fieldId}>{t.invite.linkLabel}</label>
            <input id={fieldId} readOnly value={link} onFocus={(e) => e.target.select()} />
          </div>
          <div className="qr">
            <QRCodeSVG value={link} size={200} marginSize={2} role="img" aria-label={t.invite.qrLabel} />
          </div>
        </>
      )}
    </Modal>
  );
}
