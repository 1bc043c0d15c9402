import type { Projector } from '../projector';
import { answersProjector } from './answers.projector';
import { greetingsProjector } from './greetings.projector';
import { quizzesProjector } from './quizzes.projector';
import { rankingProjector } from './ranking.projector';
import { teamsProjector } from './teams.projector';
import { uploadedFileNames, uploadsProjector } from './uploads.projector';
import { usersProjector } from './users.projector';

export {
  answersProjector,
  greetingsProjector,
  quizzesProjector,
  rankingProjector,
  teamsProjector,
  uploadsProjector,
  usersProjector,
};
export { uploadedFileNames };

/** Every read projector of the product, by name. */
export const ALL_PROJECTORS: readonly Projector[] = [
  quizzesProjector,
  teamsProjector,
  usersProjector,
  answersProjector,
  rankingProjector,
  greetingsProjector,
  uploadsProjector,
];

export function projectorsNamed(names: readonly string[]): Projector[] {
  if (names.length === 0) return [...ALL_PROJECTORS];
  return names.map((name) => {
    const projector = ALL_PROJECTORS.find((p) => p.name === name);
    if (!projector)
      throw new Error(`Unknown projection "${name}"; known: ${ALL_PROJECTORS.map((p) => p.name).join(', ')}`);
    return projector;
  });
}
