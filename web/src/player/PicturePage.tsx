import { UploadArea } from '../components/UploadArea';
import { t } from '../texts';

/** auth/picture: photos and screenshots for the team (upload kind team). */
export function PicturePage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.picture.heading}</h1>
        <p>{t.picture.text}</p>
        <UploadArea kind="team" />
      </section>
    </div>
  );
}
