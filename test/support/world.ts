/**
 * A deterministic little world for tests, the recording generator and the bench: commands run
 * through decide() and accepted events are folded with evolve(), with a fake clock and counting ids.
 */
import type { QuizShowEvent, Role } from '../../events';
import { belongsInStream, STREAM_OF } from '../../events/stream-of';
import { evolve, initialState, type LiveState } from '../../projections/live';
import { decideInput, type CommandInput, type Decision, type DecisionContext } from '../../src/commands';

export interface Actor {
  userId: string | null;
  roles: Role[];
}

export const VISITOR: Actor = { userId: null, roles: [] };
export const SCHEDULER: Actor = { userId: null, roles: [] };

export class World {
  state: LiveState = initialState;
  readonly log: QuizShowEvent[] = [];
  /** The stream of each event of the log, by index. */
  readonly streamLog: string[] = [];
  /** Every command run, with the state and log length it was decided against (for boundary checks). */
  readonly history: Array<{
    input: CommandInput;
    ctx: DecisionContext;
    ids: string[];
    state: LiveState;
    logLength: number;
    decision: Decision;
  }> = [];
  now = Date.UTC(2026, 10, 20, 19, 0, 0);
  private ids = 0;
  private commands = 0;

  constructor(readonly idPrefix = 'id') {}

  newId = (): string => `${this.idPrefix}-${String(++this.ids).padStart(5, '0')}`;

  /** The actor of a known user, with the roles from the log. */
  as(userId: string): Actor {
    const user = this.state.users.get(userId);
    return { userId, roles: user ? [...user.roles] : [] };
  }

  context(actor: Actor): DecisionContext {
    return { now: this.now, actor, newId: this.newId, commandId: `cmd-${String(++this.commands).padStart(6, '0')}` };
  }

  /** Runs a command (wire-shaped, as the edge gets it); an accepted one is appended and folded. */
  run(input: CommandInput, actor: Actor): Decision {
    const ids: string[] = [];
    const ctx = {
      ...this.context(actor),
      newId: () => {
        const id = this.newId();
        ids.push(id);
        return id;
      },
    };
    const { state } = this;
    const decision = decideInput(state, input, ctx);
    this.history.push({ input, ctx, ids, state, logLength: this.log.length, decision });
    if (decision.ok) this.append(decision.events, decision.stream);
    return decision;
  }

  /** Runs a command that must be accepted, returning its events. */
  must(input: CommandInput, actor: Actor): QuizShowEvent[] {
    const decision = this.run(input, actor);
    if (!decision.ok) throw new Error(`${input.type} rejected: ${decision.message}`);
    return decision.events;
  }

  /** Fails on an event in a stream its type does not declare (events/stream-of.ts): every decider a test runs keeps to it. */
  append(events: readonly QuizShowEvent[], stream: string): void {
    for (const event of events) {
      if (!belongsInStream(event.type, stream))
        throw new Error(
          `${event.type} appended to ${stream}, but events/stream-of.ts declares ${STREAM_OF[event.type].join(' or ')}`,
        );
      this.log.push(event);
      this.streamLog.push(stream);
      this.state = evolve(this.state, event);
    }
  }

  tick(ms: number): void {
    this.now += ms;
  }

  /** A user as the server bootstrap writes one (with roles), bypassing registration. */
  addUser(login: string, roles: Role[] = []): string {
    const userId = this.newId();
    const ctx = this.context(VISITOR);
    this.append(
      [
        {
          type: 'UserRegistered',
          version: 1,
          data: { userId, login, name: login, email: null, roles },
          metadata: { eventId: `${ctx.commandId}-0`, commandId: ctx.commandId, actor: VISITOR, recordedAt: this.now },
        },
      ],
      `user-${userId}`,
    );
    return userId;
  }

  /** Registers a player and puts them into a new team; returns both ids. */
  playerWithTeam(login: string, teamName: string): { userId: string; teamId: string } {
    const [registered] = this.must({ type: 'RegisterUser', login, password: 'pw' }, VISITOR);
    const userId = (registered.data as { userId: string }).userId;
    const [created] = this.must(
      { type: 'CreateTeam', name: teamName, password: 'pw-team', stadt: 'Köln', beschreibung: 'Wir' },
      this.as(userId),
    );
    return { userId, teamId: (created.data as { teamId: string }).teamId };
  }

  player(login: string): string {
    const [registered] = this.must({ type: 'RegisterUser', login, password: 'pw' }, VISITOR);
    return (registered.data as { userId: string }).userId;
  }

  joinTeam(userId: string, teamId: string): void {
    this.must({ type: 'JoinTeam', id: teamId, password: 'pw-team', passwordOk: true }, this.as(userId));
  }
}
