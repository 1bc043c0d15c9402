import { Logger } from '@nestjs/common';
import type { RebuildProgress, RebuildReport, RebuildStatus } from '../../projections/read';

/** At most one progress line this often per rebuild. */
const PROGRESS_EVERY_MS = 5000;

/** The server's log lines about projections rebuilt at start because their version changed. */
export function rebuildLog(logger = new Logger('Projektionen'), everyMs = PROGRESS_EVERY_MS): RebuildReport {
  let lastLine = 0;
  return {
    started(s) {
      lastLine = performance.now();
      logger.log(
        `Projektion ${s.projector} wird neu aufgebaut (Version ${s.from} → ${s.to}); bis zum Wechsel gelten die bisherigen Tabellen`,
      );
    },
    progress(s) {
      const now = performance.now();
      if (!s.progress || now - lastLine < everyMs) return;
      lastLine = now;
      logger.log(`Projektion ${s.projector}: ${progressText(s.progress)}`);
    },
    finished(s, swapped) {
      logger.log(
        swapped
          ? `Projektion ${s.projector} neu aufgebaut und eingesetzt (Version ${s.to}${s.progress ? `, ${s.progress.events} Ereignisse` : ''})`
          : `Projektion ${s.projector}: Version ${s.to} hat ein anderer Prozess eingesetzt`,
      );
    },
    failed(s, error, retryInMs) {
      logger.warn(
        `Neuaufbau der Projektion ${s.projector} unterbrochen (${error instanceof Error ? error.message : String(error)}); neuer Versuch in ${(retryInMs / 1000).toFixed(1)} s`,
      );
    },
  };
}

/** Where a rebuild stands, for the log and GET /api/ready. */
export function rebuildText(s: RebuildStatus): string {
  return `Projektion ${s.projector} wird neu aufgebaut (Version ${s.from} → ${s.to}): ${s.progress ? progressText(s.progress) : 'wartet'}`;
}

function progressText(p: RebuildProgress): string {
  const percent = p.target > 0 ? Math.min(100, Math.floor((p.position / p.target) * 100)) : 100;
  return `${percent} % (Position ${p.position} von ${p.target}, ${Math.round(p.eventsPerSecond)} Ereignisse/s, noch etwa ${Math.ceil(p.secondsLeft)} s)`;
}
