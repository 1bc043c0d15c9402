import type { Place } from '../logic/placement';
import { t } from '../texts';

const COLOURS: Record<Place, [string, string]> = {
  1: ['#f5c542', '#b8860b'],
  2: ['#d9dde3', '#8a9099'],
  3: ['#e0975c', '#9a5b2b'],
  4: ['#c7d2fe', '#6366f1'],
};

/** Place image: medals for places 1-3 (larger), a plain badge for everyone else. */
export function PlaceMedal({ place, rank }: { place: Place; rank: number }) {
  const [fill, stroke] = COLOURS[place];
  const size = place === 4 ? 28 : 44 - place * 4;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={t.points.placeImage(rank)}
      className={`medal medal--${place}`}
    >
      {place < 4 && <path d="M12 0 L20 14 L28 0 Z" fill={stroke} opacity="0.6" />}
      <circle cx="20" cy="22" r="16" fill={fill} stroke={stroke} strokeWidth="3" />
      <text x="20" y="28" textAnchor="middle" fontSize="16" fontWeight="700" fill="#1f2937">
        {rank}
      </text>
    </svg>
  );
}
