import { showLogoPath, showNameOf } from '@live/rules/show-settings';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';

/** The show's logo (if it has one) and name, as the header and the QR page show them. */
export function ShowBrand({ className = 'show-brand' }: { className?: string }) {
  const settings = useAppSelector(selectShowSettings);
  const logo = showLogoPath(settings.logo);
  return (
    <span className={className}>
      {logo && <img className="show-brand__logo" src={logo} alt="" />}
      <span className="show-brand__name">{showNameOf(settings)}</span>
    </span>
  );
}
