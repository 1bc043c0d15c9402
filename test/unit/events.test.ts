import { CURRENT_VERSION, EVENT_TYPES, eventIdFor, type QuizShowEvent } from '../../events';
import { decodeEvent, encodeEvent, isProductEventType, type EventToDecode } from '../../events/codec';
import { upcast, UnknownEventError } from '../../events/upcasters';
import { evolve, initialState, teamView } from '../../projections/live';

const metadata = { eventId: 'e1', commandId: 'c1', actor: { userId: null, roles: [] }, recordedAt: 0 };

describe('event ids derive from the command id', () => {
  it('the same command gives the same ids, one per event', () => {
    expect(eventIdFor('cmd-1', 0)).toBe(eventIdFor('cmd-1', 0));
    expect(eventIdFor('cmd-1', 1)).not.toBe(eventIdFor('cmd-1', 0));
  });

  it('a UUID command id gives UUID event ids', () => {
    const id = eventIdFor('0b6d7e2c-1f7e-4a63-9c1a-5d2e8f3bffff', 1);
    expect(id).toBe('0b6d7e2c-1f7e-4a63-9c1a-5d2e8f3b0000');
    expect(eventIdFor('0b6d7e2c-1f7e-4a63-9c1a-5d2e8f3bffff', 0)).toBe('0b6d7e2c-1f7e-4a63-9c1a-5d2e8f3bffff');
  });
});

describe('upcasters', () => {
  it('TeamCreated v1 (before city and description) reads as v3 without a number', () => {
    const old = { type: 'TeamCreated', version: 1, data: { teamId: 't1', name: 'Alt', createdBy: 'u1' }, metadata };
    const current = upcast(old);
    expect(current).toEqual({
      type: 'TeamCreated',
      version: 3,
      metadata,
      data: {
        teamId: 't1',
        name: 'Alt',
        stadt: '',
        beschreibung: '',
        url: '',
        isNew: false,
        origin: 'dialog',
        expectedMembers: null,
        createdBy: 'u1',
        number: null,
      },
    });
    expect(teamView(evolve(initialState, current), 't1')).toEqual(
      expect.objectContaining({ name: 'Alt', stadt: '', number: 1 }),
    );
  });

  it('TeamCreated v2 (before team numbers) reads as v3 with number null; the fold numbers such teams in the order they were created', () => {
    const v2 = (teamId: string, name: string) => ({
      type: 'TeamCreated',
      version: 2,
      metadata,
      data: {
        teamId,
        name,
        stadt: 'Köln',
        beschreibung: '',
        url: '',
        isNew: false,
        origin: 'dialog',
        expectedMembers: null,
        createdBy: null,
      },
    });
    expect(upcast(v2('t1', 'Alt'))).toEqual({
      ...v2('t1', 'Alt'),
      version: 3,
      data: { ...v2('t1', 'Alt').data, number: null },
    });
    const current = {
      ...upcast(v2('t3', 'Neu')),
      data: { ...upcast(v2('t3', 'Neu')).data, number: 7 },
    } as QuizShowEvent;
    const state = [upcast(v2('t1', 'Alt')), upcast(v2('t2', 'Älter')), current, upcast(v2('t4', 'Danach'))].reduce(
      evolve,
      initialState,
    );
    expect(['t1', 't2', 't3', 't4'].map((id) => teamView(state, id)!.number)).toEqual([1, 2, 7, 8]);
  });

  it('UploadRecorded v1 (before the question was recorded) reads as v2 with question null', () => {
    const data = {
      uploadId: 'up1',
      kind: 'question',
      userId: 'u1',
      teamId: 't1',
      fileNames: ['question/t1/a.png'],
      label: null,
    };
    const old = { type: 'UploadRecorded', version: 1, data, metadata };
    expect(upcast(old)).toEqual({ type: 'UploadRecorded', version: 2, metadata, data: { ...data, question: null } });
    expect(evolve(initialState, upcast(old)).uploadCount).toBe(1);
  });

  it('current versions pass unchanged; a missing version counts as 1', () => {
    const event = { type: 'EmailPopupSeen', data: { userId: 'u', seenAt: 1 }, metadata };
    expect(upcast(event)).toEqual({ ...event, version: 1 });
  });

  it('unknown types and future versions are refused', () => {
    expect(() => upcast({ type: 'Nope', version: 1, data: {}, metadata })).toThrow(UnknownEventError);
    expect(() => upcast({ type: 'TeamCreated', version: 4, data: {}, metadata })).toThrow(UnknownEventError);
  });

  it('every event type has a current version', () => {
    expect(EVENT_TYPES.length).toBe(Object.keys(CURRENT_VERSION).length);
    expect(EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'UserRegistered',
        'ProposalAdded',
        'QuestionStarted',
        'CountdownStarted',
        'CountdownExpired',
        'AnswersLockedIn',
      ]),
    );
  });
});

describe('the stored-event codec (events/codec.ts)', () => {
  const event = {
    type: 'AnswersLockedIn',
    version: 2,
    metadata,
    data: {
      nightId: 'n',
      quizId: '1',
      round: 1,
      number: 1,
      answers: [
        { answerId: 'a', teamId: 't', userId: null, answer: 'Paris', author: 'u', proposalKey: 3, basis: 'stars' },
      ],
    },
  } as const satisfies QuizShowEvent;

  it('stores the version in the metadata and reads it back from there', () => {
    const stored = encodeEvent(event);
    expect(stored).toEqual({
      id: 'e1',
      type: 'AnswersLockedIn',
      data: event.data,
      metadata: { ...metadata, version: 2 },
    });
    const row = { ...stored, position: 7, streamId: 'night-n', revision: 0 };
    expect(decodeEvent(row)).toEqual(event);
  });

  it('reads an engine event with the version beside the type (the recordings), and upcasts an old stored row', () => {
    expect(decodeEvent(JSON.parse(JSON.stringify(event)) as EventToDecode)).toEqual(event);
    const v1 = {
      type: 'AnswersLockedIn',
      data: { ...event.data, answers: [{ answerId: 'a', teamId: 't', userId: null, answer: 'Paris', author: 'u' }] },
      metadata: { ...metadata, version: 1 },
    };
    expect(decodeEvent(v1).data).toEqual({
      ...event.data,
      answers: [{ ...event.data.answers[0], proposalKey: null, basis: 'unknown' }],
    });
  });

  it("knows the product's event types only", () => {
    expect(isProductEventType('AnswersLockedIn')).toBe(true);
    expect(isProductEventType('BenchPing')).toBe(false);
    expect(() => decodeEvent({ type: 'BenchPing', data: {}, metadata })).toThrow(UnknownEventError);
  });
});
