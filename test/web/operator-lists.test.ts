import { offeredChoices } from '../../web/src/operator/FilteredSelect';
import { compareGerman } from '../../web/src/logic/german';
import { sortByName } from '../../web/src/operator/admin/logic';
import { answersByTeam, type CheckerAnswer } from '../../web/src/operator/tester/logic';
import { WINDOW_FROM } from '../../web/src/operator/Windowed';

/** The pure parts of the long operator lists (docs/decisions/operator-lists.md). */

const answer = (id: string, teamId: string | null, num = 1): CheckerAnswer =>
  ({
    id,
    teamId,
    userId: teamId === null ? 'u1' : null,
    team: null,
    round: 1,
    num,
    answer: 'Paris',
    points: 0,
    checked: false,
    liked: false,
  }) as CheckerAnswer;

describe('the long operator lists', () => {
  it('sorts names in the German order of localeCompare', () => {
    const names = ['Zebra', 'Äpfel', 'apfel', 'Öl', 'Ober', 'Straße', 'Strasse', 'ähnlich', 'Ärger', '10', '9'];
    const byLocale = [...names].sort((a, b) => a.localeCompare(b, 'de'));
    expect([...names].sort(compareGerman)).toEqual(byLocale);
    expect(sortByName(names.map((name) => ({ name }))).map((n) => n.name)).toEqual(byLocale);
  });

  it("finds each team's answers once, single players' answers left out", () => {
    const byTeam = answersByTeam([answer('1', 'a'), answer('2', 'b'), answer('3', 'a', 2), answer('4', null)]);
    expect([...byTeam.keys()]).toEqual(['a', 'b']);
    expect(byTeam.get('a')!.map((a) => a.id)).toEqual(['1', '3']);
  });

  describe("the admin's team and user lists", () => {
    const many = Array.from({ length: 3 * WINDOW_FROM }, (_, i) => ({
      id: String(i),
      name: `Team ${i}`,
      detail: `Nr. ${i + 1}`,
    }));
    const labels = many.map((c) => `${c.name} (${c.detail})`.toLocaleLowerCase('de'));

    it('offer every entry of a short list, whatever the filter', () => {
      const few = many.slice(0, WINDOW_FROM);
      expect(offeredChoices(few, labels, 'nichts passt', '')).toBe(few);
    });

    it('offer the first entries of a long list, the matches of the filter in any case, and always the chosen one', () => {
      expect(offeredChoices(many, labels, '', '')).toEqual(many.slice(0, WINDOW_FROM));
      expect(offeredChoices(many, labels, ' TEAM 25', '').map((c) => c.name)).toEqual([
        'Team 25',
        'Team 250',
        'Team 251',
        'Team 252',
        'Team 253',
        'Team 254',
        'Team 255',
        'Team 256',
        'Team 257',
        'Team 258',
        'Team 259',
      ]);
      expect(offeredChoices(many, labels, 'nr. 300)', '').map((c) => c.name)).toEqual(['Team 299']);
      expect(offeredChoices(many, labels, 'Team 25', '7').map((c) => c.name)).toEqual([
        'Team 7',
        'Team 25',
        'Team 250',
        'Team 251',
        'Team 252',
        'Team 253',
        'Team 254',
        'Team 255',
        'Team 256',
        'Team 257',
        'Team 258',
        'Team 259',
      ]);
    });
  });
});
