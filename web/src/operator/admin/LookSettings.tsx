/** The show settings' look (name, logo, primary colour) and the stream overlay's layout, as parts of ShowSettingsPanel's form. */
import { useId } from 'react';
import type { OverlayCorner, OverlayLayout, OverlayPart, ShowSettings } from '../../../../events';
import { contrastText, whiteTextContrast } from '@live/rules/contrast';
import { FIELD_MAXIMA } from '@live/rules/field-limits';
import {
  OVERLAY_CORNERS,
  OVERLAY_SCALE,
  primaryColorOf,
  primaryColorProblemOf,
  showLogoPath,
  showSettingsProblemText,
} from '@live/rules/show-settings';
import { OVERLAY_PARTS } from '@live/state/default-show-settings';
import { Field } from '../../components/Field';
import { UploadArea } from '../../components/UploadArea';
import { t } from '../../texts';

const T = t.showSettings;

type Setter = <K extends keyof ShowSettings>(key: K) => (value: ShowSettings[K]) => void;

/** The primary colour's problem as the server would word it (the same rule), or null: the form warns before sending. */
export function primaryColorWarning(color: string): string | null {
  const problem = primaryColorProblemOf(color.trim().toLowerCase());
  return problem && showSettingsProblemText(problem);
}

export function LookFields({ form, set }: { form: ShowSettings; set: Setter }) {
  const pickerId = useId();
  const warningId = useId();
  const color = form.primaryColor.trim().toLowerCase();
  const warning = primaryColorWarning(form.primaryColor);
  const logo = showLogoPath(form.logo);
  return (
    <>
      <h3>{T.lookHeading}</h3>
      <p className="hint">{T.lookHint}</p>
      <Field
        label={T.showName}
        value={form.showName}
        onValue={set('showName')}
        hint={T.showNameHint}
        maxLength={FIELD_MAXIMA.settingsShowName}
      />
      <div className="field">
        <span className="field__label">{T.logo}</span>
        {logo ? <img className="settings-logo" src={logo} alt={T.logoAlt} /> : <p className="muted">{T.logoNone}</p>}
        <div className="button-row">
          {logo && (
            <button type="button" className="button button--small" onClick={() => set('logo')('')}>
              {T.logoRemove}
            </button>
          )}
        </div>
        <UploadArea kind="show" label={T.logoUpload} onUploaded={([name]) => name && set('logo')(name)} />
      </div>
      <div className="settings-pair">
        <Field
          label={T.primaryColor}
          value={form.primaryColor}
          onValue={set('primaryColor')}
          hint={T.primaryColorHint}
          placeholder={primaryColorOf({ primaryColor: '' })}
          maxLength={7}
          aria-invalid={warning ? true : undefined}
          aria-errormessage={warning ? warningId : undefined}
        />
        <div className="field">
          <label htmlFor={pickerId}>{T.primaryColorPicker}</label>
          <input
            id={pickerId}
            type="color"
            className="color-input"
            value={primaryColorOf({ primaryColor: warning ? '' : color })}
            onChange={(e) => set('primaryColor')(e.target.value)}
          />
        </div>
      </div>
      {warning ? (
        <p id={warningId} className="form-error" role="alert">
          {warning}
        </p>
      ) : (
        color !== '' && (
          <p className="hint" role="status">
            {T.contrastOk(contrastText(whiteTextContrast(color)))}
          </p>
        )
      )}
    </>
  );
}

export function OverlayLayoutFields({
  layout,
  onLayout,
}: {
  layout: OverlayLayout;
  onLayout(layout: OverlayLayout): void;
}) {
  const cornerId = useId();
  const toggle = (part: OverlayPart, on: boolean) =>
    onLayout({ ...layout, parts: OVERLAY_PARTS.filter((p) => (p === part ? on : layout.parts.includes(p))) });
  return (
    <>
      <h3>{T.overlayHeading}</h3>
      <p className="hint">{T.overlayHint}</p>
      <fieldset className="field">
        <legend>{T.overlayParts}</legend>
        {OVERLAY_PARTS.map((part) => (
          <label key={part} className="checkbox">
            <input
              type="checkbox"
              checked={layout.parts.includes(part)}
              onChange={(e) => toggle(part, e.target.checked)}
            />{' '}
            {T.overlayPartNames[part]}
          </label>
        ))}
      </fieldset>
      <div className="settings-pair">
        <div className="field">
          <label htmlFor={cornerId}>{T.overlayCorner}</label>
          <select
            id={cornerId}
            value={layout.corner}
            onChange={(e) => onLayout({ ...layout, corner: e.target.value as OverlayCorner })}
          >
            {OVERLAY_CORNERS.map((corner) => (
              <option key={corner} value={corner}>
                {T.overlayCornerNames[corner]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={T.overlayScale}
          type="number"
          min={OVERLAY_SCALE.min}
          max={OVERLAY_SCALE.max}
          step={0.05}
          value={String(layout.scale)}
          onValue={(value) => onLayout({ ...layout, scale: value === '' ? 0 : Number(value) })}
          hint={T.overlayScaleHint}
        />
      </div>
    </>
  );
}
