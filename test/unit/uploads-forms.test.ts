import { VISITOR } from '../support/world';
import { given } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

const png = (size = 1000) => ({ fileName: 'f1.png', mimeType: 'image/png', size });

describe('uploads', () => {
  it('records a team upload with its file names', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'team', files: [png()] }, s.world.as(s.anna))
      .thenEvents({
        type: 'UploadRecorded',
        data: { kind: 'team', teamId: s.teamA, userId: s.anna, fileNames: ['f1.png'] },
      });
  });

  it('only images', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'RecordUpload', kind: 'team', files: [{ fileName: 'a.pdf', mimeType: 'application/pdf', size: 10 }] },
        s.world.as(s.anna),
      )
      .thenRejected('Bitte nur Bilder hochladen');
  });

  it('not over 10,000,000 bytes', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'team', files: [png(10_000_001)] }, s.world.as(s.anna))
      .thenRejected('Bitte nicht zu große Bilder hochladen');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'team', files: [png(10_000_000)] }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded' });
  });

  it('a pause upload needs a name', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [png()], fileName: '' }, s.world.as(s.anna))
      .thenRejected('Du musst eine Auflösung eingeben');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [png()], fileName: '   ' }, s.world.as(s.anna))
      .thenRejected('Du musst eine Auflösung eingeben');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [png()] }, s.world.as(s.anna))
      .thenRejected('Du musst eine Auflösung eingeben');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [png()], fileName: '1920x1080' }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded', data: { kind: 'user', teamId: null, label: '1920x1080' } });
  });

  it('a question upload records the open question: night, round and number', () => {
    const s = showWithQuestion([q(1, 1), q(2, 1), q(2, 3, 'zeichnen')], 2, 3);
    const nightId = s.world.state.night!.id;
    expect(nightId).toEqual(expect.any(String));
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'question', files: [png()] }, s.world.as(s.anna))
      .thenEvents({
        type: 'UploadRecorded',
        data: { kind: 'question', teamId: s.teamA, question: { nightId, round: 2, number: 3 } },
      });
  });

  it('a question upload during the countdown (qc) still names the question', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2, 'selfie')], 1, 2);
    s.world.must({ type: 'StartCountdown', time: 30 }, s.world.as(s.moderator));
    expect(s.world.state.night!.phase).toBe('qc');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'question', files: [png()] }, s.world.as(s.cleo))
      .thenEvents({
        type: 'UploadRecorded',
        data: { teamId: s.teamB, question: { nightId: s.world.state.night!.id, round: 1, number: 2 } },
      });
  });

  it('a question upload while no question is open is recorded with question null', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'question', files: [png()] }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded', data: { kind: 'question', teamId: s.teamA, question: null } });
    const ended = showWithQuestion([q(1, 1)]);
    ended.world.must({ type: 'EndQuestion' }, ended.world.as(ended.moderator));
    expect(ended.world.state.night!.phase).toBe('qn');
    given(ended.world)
      .whenWire({ type: 'RecordUpload', kind: 'question', files: [png()] }, ended.world.as(ended.anna))
      .thenEvents({ type: 'UploadRecorded', data: { kind: 'question', question: null } });
  });

  it('team and pause uploads never name a question, even while one is open', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'team', files: [png()] }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded', data: { kind: 'team', question: null } });
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [png()], fileName: '1920x1080' }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded', data: { kind: 'user', question: null } });
  });

  it('team uploads need a team', () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'team', files: [png()] }, s.world.as(dora))
      .thenRejected('Beim Speichern ist ein Fehler aufgetreten.');
  });
});

describe('greetings (gruss)', () => {
  it('a visitor greets the wall', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SubmitGreeting', username: 'Oma', message: 'Hallo!' }, VISITOR)
      .thenEvents({ type: 'GreetingSubmitted', data: { name: 'Oma', message: 'Hallo!' } });
  });

  it.each([
    [{ username: '', message: 'x' }, 'Du musst sowohl einen Namen als auch eine Nachricht eingeben.'],
    [{ username: 'x', message: ' ' }, 'Du musst sowohl einen Namen als auch eine Nachricht eingeben.'],
    [{ username: 'n'.repeat(51), message: 'x' }, 'Der Namen ist länger als 50 Zeichen.'],
    [{ username: 'x', message: 'm'.repeat(501) }, 'Die Nachricht ist länger als 500 Zeichen.'],
  ])('rejects %j', (fields, text) => {
    given(show().world)
      .whenWire({ type: 'SubmitGreeting', ...fields }, VISITOR)
      .thenRejected(text);
  });

  it('accepts exactly 50 and 500 characters', () => {
    given(show().world)
      .whenWire({ type: 'SubmitGreeting', username: 'n'.repeat(50), message: 'm'.repeat(500) }, VISITOR)
      .thenEvents({ type: 'GreetingSubmitted' });
  });
});
