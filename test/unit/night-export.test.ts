import { CURRENT_VERSION } from '../../events';
import { checkExportStart, nightExportHeader, NIGHT_EXPORT_FORMAT_VERSION } from '../../events/night-export';
import { NightExportRefused, readNightExport, toNightExport } from '../../src/replay/night-events';
import type { StoredEvent } from '../../src/store/event-store';
import { exportedNight } from '../support/exported-night';

const header = nightExportHeader('2026-11-20T19:00:00.000Z');

const event = (overrides: Partial<StoredEvent> = {}): StoredEvent => ({
  position: 1,
  streamId: 'team-t1',
  revision: 0,
  id: 'ev-1',
  type: 'TeamDeleted',
  data: { teamId: 't1' },
  metadata: { eventId: 'ev-1', commandId: 'c1', actor: { userId: 'u1', roles: [] }, recordedAt: 5, version: 1 },
  ...overrides,
});

const refusal = (first: unknown) => {
  const start = checkExportStart(first);
  return start.ok ? null : start.message;
};

describe('the night export header', () => {
  it('names the format, its version and the version of every event type this code writes', () => {
    expect(header).toEqual({
      format: 'quiz-show-night',
      formatVersion: 1,
      eventVersions: CURRENT_VERSION,
      exportedAt: '2026-11-20T19:00:00.000Z',
    });
  });

  it('given this code’s own header, then the export is read as format version 1', () => {
    expect(checkExportStart(JSON.parse(JSON.stringify(header)))).toEqual({
      ok: true,
      formatVersion: NIGHT_EXPORT_FORMAT_VERSION,
      header,
    });
  });

  it('given an event as the first line (an export of 0.10 or older), then it is read as format version 0', () => {
    expect(checkExportStart(event())).toEqual({ ok: true, formatVersion: 0, header: null });
  });

  it('given older versions of some events, then the export is read (the upcasters bring them forward)', () => {
    expect(
      checkExportStart({ ...header, eventVersions: { ...CURRENT_VERSION, TeamCreated: 1, AnswersLockedIn: 1 } }),
    ).toMatchObject({ ok: true });
  });

  it('given a header without a format, then it is refused', () => {
    expect(refusal({ formatVersion: 1, eventVersions: CURRENT_VERSION })).toBe(
      'Die Kopfzeile nennt kein Format; erwartet ist „quiz-show-night“.',
    );
  });

  it('given another format, then it is refused', () => {
    expect(refusal({ ...header, format: 'quiz-show-backup' })).toBe(
      'Unbekanntes Format „quiz-show-backup“; erwartet ist „quiz-show-night“.',
    );
  });

  it('given a newer format version, then it is refused with a hint to update', () => {
    expect(refusal({ ...header, formatVersion: 2 })).toBe(
      'Die Datei hat Format-Version 2; dieser Stand liest höchstens Version 1. Bitte mit einer neueren Version des Servers öffnen.',
    );
  });

  it('given a format version that is no positive integer, then it is refused', () => {
    for (const formatVersion of [0, 1.5, '1', null])
      expect(refusal({ ...header, formatVersion })).toBe('Die Kopfzeile hat keine gültige Format-Version.');
  });

  it('given no event versions, then it is refused', () => {
    expect(refusal({ ...header, eventVersions: undefined })).toBe(
      'Die Kopfzeile nennt keine gültigen Event-Versionen.',
    );
    expect(refusal({ ...header, eventVersions: { TeamCreated: '3' } })).toBe(
      'Die Kopfzeile nennt keine gültigen Event-Versionen.',
    );
  });

  it('given an event version newer than this code knows, or an event type it does not know, then it is refused naming them', () => {
    expect(refusal({ ...header, eventVersions: { ...CURRENT_VERSION, TeamCreated: 4, TeamTeleported: 1 } })).toBe(
      'Die Datei stammt von einem neueren Stand, dessen Events dieser nicht kennt: TeamCreated Version 4 (bekannt bis 3), TeamTeleported (unbekannt). Bitte mit einer neueren Version des Servers öffnen.',
    );
  });

  it('given a first line that is neither header nor event, then it is refused', () => {
    expect(refusal({ hello: 'world' })).toBe(
      'Die Datei ist kein Export eines Quizabends: die erste Zeile ist weder Kopfzeile noch Event.',
    );
    expect(refusal([1, 2])).toBe(
      'Die Datei ist kein Export eines Quizabends: die erste Zeile ist weder Kopfzeile noch Event.',
    );
  });
});

describe('reading a night export', () => {
  it('writes the header first and reads back the same events', () => {
    const events = [
      event(),
      event({
        position: 2,
        revision: 1,
        id: 'ev-2',
        type: 'TeamEdited',
        data: { teamId: 't1', url: '', stadt: 'Mainz', beschreibung: '' },
      }),
    ];
    const text = toNightExport(events, new Date(Date.UTC(2026, 10, 20, 19)));
    expect(JSON.parse(text.split('\n')[0]!)).toEqual(header);
    expect(readNightExport(text)).toEqual({ formatVersion: 1, events });
  });

  it('reads the header-less recordings of earlier releases as format version 0', () => {
    const night = exportedNight('night-kurzer-abend.jsonl');
    expect(night.length).toBeGreaterThan(10);
    expect(night[0]!.type).toBe('UserRegistered');
  });

  it('refuses a file whose header this code cannot read', () => {
    const text = toNightExport([event()], new Date(0)).replace('"formatVersion":1', '"formatVersion":2');
    expect(() => readNightExport(text)).toThrow(NightExportRefused);
    expect(() => readNightExport(text)).toThrow('Die Datei hat Format-Version 2');
  });

  it('refuses a header-less file holding an event version newer than this code knows, naming the line', () => {
    const text = [event(), event({ type: 'TeamCreated', metadata: { ...event().metadata, version: 9 } })]
      .map((e) => JSON.stringify(e))
      .join('\n');
    expect(() => readNightExport(text)).toThrow(
      'Die Datei enthält Events, die dieser Stand nicht kennt: Zeile 2: TeamCreated Version 9 (bekannt bis 3).',
    );
  });

  it('refuses broken lines, naming them', () => {
    const text = toNightExport([event()], new Date(0)) + '\n{broken\n';
    expect(() => readNightExport(text)).toThrow('Zeile 4 ist kein JSON.');
    expect(() => readNightExport(`${JSON.stringify(header)}\n{"type":"TeamDeleted"}\n`)).toThrow(
      'Zeile 2 ist kein gespeichertes Event.',
    );
  });

  it('reads an empty file as no events', () => {
    expect(readNightExport('\n')).toEqual({ formatVersion: 0, events: [] });
  });
});
