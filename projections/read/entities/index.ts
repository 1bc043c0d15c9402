import { AnswerChangeRow } from './answer-change.entity';
import { GreetingRow } from './greeting.entity';
import { ProjectionVersionRow } from './projection-version.entity';
import { ProjectorCheckpointRow } from './projector-checkpoint.entity';
import { PublishedRankingRow } from './published-ranking.entity';
import { QuizAnswerRow } from './quiz-answer.entity';
import { QuizRow } from './quiz.entity';
import { TeamRoundPointsRow } from './team-round-points.entity';
import { TeamRow } from './team.entity';
import { UploadRow } from './upload.entity';
import { UserRow } from './user.entity';

export {
  AnswerChangeRow,
  GreetingRow,
  ProjectionVersionRow,
  ProjectorCheckpointRow,
  PublishedRankingRow,
  QuizAnswerRow,
  QuizRow,
  TeamRoundPointsRow,
  TeamRow,
  UploadRow,
  UserRow,
};
export type { AnswerChangeSource } from './answer-change.entity';

export const READ_ENTITIES = [
  QuizRow,
  TeamRow,
  UserRow,
  QuizAnswerRow,
  AnswerChangeRow,
  TeamRoundPointsRow,
  PublishedRankingRow,
  GreetingRow,
  UploadRow,
  ProjectorCheckpointRow,
  ProjectionVersionRow,
];
