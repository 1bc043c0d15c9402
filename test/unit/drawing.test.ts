/**
 * Drawn answers (zeichnen): gz saves the player's strokes (stored space 720x360) so that a drawing
 * reopened after a reload or on another device shows what was drawn.
 */
import {
  DRAWING_MAX_POINTS,
  DRAWING_MAX_STROKES,
  fold,
  fromStoredStroke,
  initialState,
  readDrawing,
  userView,
  type DrawnStroke,
} from '../../projections/live';
import { given } from './support/given';
import { q, showWithQuestion } from './support/fixtures';

const strokes: DrawnStroke[] = [
  {
    width: 4,
    color: '#222222',
    points: [
      [24, 48],
      [240, 120],
    ],
  },
  { width: 96, color: '#ffffff', points: [[700, 350]] },
];

function drawingNight() {
  return showWithQuestion([q(1, 1, 'zeichnen'), q(1, 2, 'normal')]);
}

describe('saving a drawing (gz)', () => {
  it('given an open zeichnen question, when anna saves her strokes, then DrawingSaved records them with the question', () => {
    const s = drawingNight();
    given(s.world)
      .whenWire({ type: 'SaveDrawing', strokes }, s.world.as(s.anna))
      .thenEvents({ type: 'DrawingSaved', data: { userId: s.anna, round: 1, number: 1, strokes } });
  });

  it("then her user view holds the strokes, a reload (a fold of the log) too; her teammate's view does not", () => {
    const s = drawingNight();
    s.world.must({ type: 'SaveDrawing', strokes }, s.world.as(s.anna));
    expect(userView(s.world.state, s.anna)!.drawing).toEqual(strokes);
    expect(userView(fold(s.world.log, initialState), s.anna)!.drawing).toEqual(strokes);
    expect(userView(s.world.state, s.bert)!.drawing).toBeNull();
  });

  it('a later save replaces the drawing; the next question starts without one', () => {
    const s = drawingNight();
    s.world.must({ type: 'SaveDrawing', strokes }, s.world.as(s.anna));
    s.world.must({ type: 'SaveDrawing', strokes: strokes.slice(0, 1) }, s.world.as(s.anna));
    expect(userView(s.world.state, s.anna)!.drawing).toEqual(strokes.slice(0, 1));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator));
    expect(userView(s.world.state, s.anna)!.drawing).toBeNull();
  });

  it('given no open question, then refused', () => {
    const s = drawingNight();
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .whenWire({ type: 'SaveDrawing', strokes }, s.world.as(s.anna))
      .thenRejected('Es ist gerade keine Frage aktiv.');
  });

  it('given a question of another type, then refused', () => {
    const s = showWithQuestion([q(1, 1, 'normal')]);
    given(s.world)
      .whenWire({ type: 'SaveDrawing', strokes }, s.world.as(s.anna))
      .thenRejected('Die aktuelle Frage ist keine Zeichenfrage.');
  });

  it.each([
    ['no list', { strokes: 'Kringel' }],
    ['a stroke without points', { strokes: [{ width: 4, color: '#222222', points: [] }] }],
    ['a colour that is no #rrggbb', { strokes: [{ width: 4, color: 'red', points: [[1, 1]] }] }],
    ['a width of 0', { strokes: [{ width: 0, color: '#222222', points: [[1, 1]] }] }],
    ['a point outside 720x360', { strokes: [{ width: 4, color: '#222222', points: [[721, 1]] }] }],
    ['a point that is no pair of numbers', { strokes: [{ width: 4, color: '#222222', points: [['1', 1]] }] }],
  ])('given %s, then "Die Zeichnung konnte nicht gelesen werden." and nothing is stored', (_what, content) => {
    const s = drawingNight();
    given(s.world)
      .whenWire({ type: 'SaveDrawing', ...content }, s.world.as(s.anna))
      .thenRejected('Die Zeichnung konnte nicht gelesen werden.');
  });

  it(`given more than ${DRAWING_MAX_POINTS} points, then it is too large and refused`, () => {
    const s = drawingNight();
    const points = Array.from({ length: DRAWING_MAX_POINTS + 1 }, (_, i) => [i % 720, 7]);
    given(s.world)
      .whenWire({ type: 'SaveDrawing', strokes: [{ width: 4, color: '#222222', points }] }, s.world.as(s.anna))
      .thenRejected('Die Zeichnung ist zu groß (höchstens 3000 Punkte). Sie wurde nicht gespeichert.');
    const many = Array.from({ length: DRAWING_MAX_STROKES + 1 }, () => ({
      width: 4,
      color: '#222222',
      points: [[1, 1]],
    }));
    expect(readDrawing(many)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(readDrawing(many.slice(1))).toEqual(expect.objectContaining({ ok: true }));
  });

  it('reads coordinates as whole numbers and colours in lower case', () => {
    expect(readDrawing([{ width: 4, color: '#E53935', points: [[1.4, 2.6]] }])).toEqual({
      ok: true,
      strokes: [{ width: 4, color: '#e53935', points: [[1, 3]] }],
    });
  });

  it('the redraw of a stored stroke: coordinates divided by 2.4, the width halved (the spec)', () => {
    expect(fromStoredStroke(strokes[0])).toEqual({
      width: 2,
      color: '#222222',
      points: [
        [10, 20],
        [100, 50],
      ],
    });
  });
});
