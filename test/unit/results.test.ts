import {
  answerRating,
  germanDecimal,
  percentOf,
  questionStats,
  type RatedAnswer,
} from '../../projections/live/rules/results';
import { csvFile, csvText } from '../../projections/read/csv';

const answer = (round: number, num: number, points: number, checked: boolean): RatedAnswer => ({
  round,
  num,
  points,
  checked,
});

describe('results: how an answer is rated', () => {
  it('given an unchecked answer, then it is ungeprüft, whatever its points', () => {
    expect(answerRating({ checked: false, points: 0 })).toBe('ungeprüft');
    expect(answerRating({ checked: false, points: 2 })).toBe('ungeprüft');
  });

  it('given a checked answer with points, then it is richtig; checked without points (or below 0), falsch', () => {
    expect(answerRating({ checked: true, points: 0.5 })).toBe('richtig');
    expect(answerRating({ checked: true, points: 0 })).toBe('falsch');
    expect(answerRating({ checked: true, points: -1 })).toBe('falsch');
  });
});

describe('results: the statistics per question', () => {
  it('given answers of two questions, then each counts its answers, the right ones, the share and the average points', () => {
    const stats = questionStats([
      answer(1, 1, 2, true),
      answer(1, 1, 0, true),
      answer(1, 1, 1, false),
      answer(1, 2, 1, true),
    ]);
    expect(stats).toEqual([
      { round: 1, num: 1, answered: 3, right: 1, shareRight: 1 / 3, averagePoints: 1 },
      { round: 1, num: 2, answered: 1, right: 1, shareRight: 1, averagePoints: 1 },
    ]);
  });

  it('given the quiz content, then every question that takes answers is listed in quiz order, unanswered ones with 0 and no share', () => {
    const content = [
      { round: 2, number: 1, type: 'normal' as const },
      { round: 1, number: 2, type: 'instruction' as const },
      { round: 1, number: 3, type: 'heal_deal' as const },
      { round: 1, number: 1, type: 'abcd' as const },
    ];
    expect(questionStats([answer(2, 1, 1, true)], content)).toEqual([
      { round: 1, num: 1, answered: 0, right: 0, shareRight: null, averagePoints: null },
      { round: 2, num: 1, answered: 1, right: 1, shareRight: 1, averagePoints: 1 },
    ]);
  });

  it('given an answer to a question the content no longer has, then that question is listed too', () => {
    expect(
      questionStats([answer(3, 7, 0, true)], [{ round: 1, number: 1, type: 'normal' }]).map((s) => [s.round, s.num]),
    ).toEqual([
      [1, 1],
      [3, 7],
    ]);
  });
});

describe('results: numbers as German spreadsheets read them', () => {
  it('given fractions, then at most two decimals with a decimal comma and no trailing zeros', () => {
    expect(germanDecimal(1.5)).toBe('1,5');
    expect(germanDecimal(2)).toBe('2');
    expect(germanDecimal(2 / 3)).toBe('0,67');
    expect(germanDecimal(-1)).toBe('-1');
    expect(germanDecimal(-0.001)).toBe('0');
    expect(germanDecimal(12345.678)).toBe('12345,68');
  });

  it('given a share, then its percentage rounded to two decimals', () => {
    expect(percentOf(1 / 3)).toBe(33.33);
    expect(percentOf(1)).toBe(100);
  });
});

describe('results: CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://böse.example";"klick")', `"'=HYPERLINK(""http://böse.example"";""klick"")"`],
    ['+49 221 123', "'+49 221 123"],
    ['-2+3', "'-2+3"],
    ['@SUMME(A1:A2)', "'@SUMME(A1:A2)"],
    ['\tTab voran', "'\tTab voran"],
    ['\rWagenrücklauf', `"'\rWagenrücklauf"`],
  ])('given a text cell starting like a formula (%j), then a leading apostrophe keeps it text', (text, cell) => {
    expect(csvText(text)).toBe(cell);
  });

  it.each([
    ['Paris', 'Paris'],
    ['Köln; Bonn', '"Köln; Bonn"'],
    ['Sie sagte "Hallo"', '"Sie sagte ""Hallo"""'],
    ['Zeile 1\nZeile 2', '"Zeile 1\nZeile 2"'],
    ['Zeile 1\r\nZeile 2', '"Zeile 1\r\nZeile 2"'],
    ['1=1', '1=1'],
    ['', ''],
  ])('given %j, then it is quoted only when it holds ;, a quote or a line break', (text, cell) => {
    expect(csvText(text)).toBe(cell);
  });

  it('given header and rows, then the file is UTF-8 with a BOM, ; between cells, numbers with a decimal comma, CRLF after every row', () => {
    const bytes = csvFile(
      ['Team', 'Punkte', 'Anteil'],
      [
        ['Eulen; Bonn', 1.5, null],
        ['-Minus', -2, 0],
      ],
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(`Team;Punkte;Anteil\r\n"Eulen; Bonn";1,5;\r\n'-Minus;-2;0\r\n`);
  });
});
