import { useId, useMemo, useState } from 'react';
import { Field } from '../components/Field';
import { lowerGerman } from '../logic/german';
import { t } from '../texts/operator';
import { WINDOW_FROM } from './Windowed';

export interface Choice {
  id: string;
  name: string;
  /** What tells two entries of the same name apart (a team's number, a user's login). */
  detail: string;
}

/**
 * The entries the list offers: over WINDOW_FROM, the first that match the filter (name and detail,
 * any case), and the chosen one always. A native select of thousands of options costs the page
 * hundreds of milliseconds to build and lay out (docs/decisions/operator-lists.md).
 */
export function offeredChoices<C extends Choice>(
  choices: readonly C[],
  labels: readonly string[],
  filter: string,
  chosen: string,
): readonly C[] {
  if (choices.length <= WINDOW_FROM) return choices;
  const wanted = lowerGerman(filter.trim());
  const offered: C[] = [];
  for (let i = 0; i < choices.length && offered.length < WINDOW_FROM; i++) {
    if (wanted === '' || labels[i].includes(wanted)) offered.push(choices[i]);
  }
  const picked = choices.find((c) => c.id === chosen);
  return picked && !offered.includes(picked) ? [picked, ...offered] : offered;
}

const labelOf = (c: Choice) => `${c.name} (${c.detail})`;

/**
 * A native select of `choices`; over WINDOW_FROM entries a filter field above it, and the select
 * offers only the first matches (and the chosen entry).
 */
export function FilteredSelect({
  label,
  placeholder,
  choices,
  chosen,
  onChoose,
}: {
  label: string;
  placeholder: string;
  choices: readonly Choice[];
  chosen: string;
  onChoose(id: string): void;
}) {
  const selectId = useId();
  const [filter, setFilter] = useState('');
  const labels = useMemo(() => choices.map((c) => lowerGerman(labelOf(c))), [choices]);
  const offered = useMemo(() => offeredChoices(choices, labels, filter, chosen), [choices, labels, filter, chosen]);
  const options = useMemo(
    () =>
      offered.map((c) => (
        <option key={c.id} value={c.id}>
          {labelOf(c)}
        </option>
      )),
    [offered],
  );
  return (
    <>
      {choices.length > WINDOW_FROM && (
        <Field
          label={t.admin.listFilter}
          type="search"
          value={filter}
          onValue={setFilter}
          hint={t.admin.listShown(offered.length, choices.length)}
        />
      )}
      <div className="field">
        <label htmlFor={selectId}>{label}</label>
        <select id={selectId} value={chosen} onChange={(e) => onChoose(e.target.value)}>
          <option value="">{placeholder}</option>
          {options}
        </select>
      </div>
    </>
  );
}
