import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The sum of a team's answer points in one round of one quiz. */
@Entity({ name: 'read_team_round_points' })
export class TeamRoundPointsRow {
  @PrimaryColumn({ name: 'quiz_id', type: 'text' })
  quizId!: string;

  @PrimaryColumn({ name: 'team_id', type: 'text' })
  teamId!: string;

  @PrimaryColumn({ type: 'integer' })
  round!: number;

  @Column({ type: 'double precision' })
  points!: number;

  @Column({ type: 'integer' })
  answers!: number;
}
