import type { RebuildProgress } from '../../projections/read';

const WIDTH = 30;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

export function progressLine(p: RebuildProgress): string {
  const fraction = p.target > 0 ? Math.min(1, p.position / p.target) : 1;
  const filled = Math.round(fraction * WIDTH);
  const bar = '#'.repeat(filled) + '-'.repeat(WIDTH - filled);
  const rate = Math.round(p.eventsPerSecond).toLocaleString('de-DE');
  return `[${bar}] ${(fraction * 100).toFixed(0).padStart(3)} %  ${p.events.toLocaleString('de-DE')} Ereignisse  ${rate} Ereignisse/s  noch ${duration(p.secondsLeft)}`;
}

/**
 * Draws rebuild progress on stderr: redrawn in place on a terminal (at most 10 times a second),
 * one line per tenth of the way otherwise (CI logs).
 */
export function stderrProgress(label: string): { update(p: RebuildProgress): void; done(p: RebuildProgress): void } {
  const tty = process.stderr.isTTY === true;
  let lastDraw = 0;
  let lastTenth = -1;
  return {
    update(p) {
      const now = performance.now();
      if (tty) {
        if (now - lastDraw < 100) return;
        lastDraw = now;
        process.stderr.write(`\r${label} ${progressLine(p)}`);
        return;
      }
      const tenth = p.target > 0 ? Math.floor((p.position / p.target) * 10) : 10;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      process.stderr.write(`${label} ${progressLine(p)}\n`);
    },
    done(p) {
      if (!tty && lastTenth === 10) return;
      process.stderr.write(`${tty ? '\r' : ''}${label} ${progressLine({ ...p, secondsLeft: 0 })}\n`);
    },
  };
}
