/**
 * given(world).when(command, actor).thenEvents(...) / .thenRejected('German text')
 * The world's history is the "given"; the command is decided against its state. `when` takes the
 * typed command and goes through decide (the rule, its access, maintenance): a wire rename does not
 * touch it. `whenWire` takes wire content and goes through the entry's parser first (test/unit/parse.test.ts
 * holds one parse case per entry).
 */
import type { QuizShowEvent } from '../../../events';
import { decide, decideInput, type Command, type CommandInput, type Decision } from '../../../src/commands';
import { World, type Actor } from '../../support/world';

export interface ExpectedEvent {
  type: QuizShowEvent['type'];
  data?: Record<string, unknown>;
}

export class Then {
  constructor(
    readonly decision: Decision,
    private readonly world: World,
  ) {}

  /** The events in order; `data` is matched partially. */
  thenEvents(...expected: ExpectedEvent[]): QuizShowEvent[] {
    if (!this.decision.ok) throw new Error(`expected events, got rejection: ${this.decision.message}`);
    const events = this.decision.events;
    expect(events.map((e) => e.type)).toEqual(expected.map((e) => e.type));
    expected.forEach((e, i) => {
      if (e.data) expect(events[i].data).toEqual(expect.objectContaining(e.data));
    });
    return events;
  }

  thenNoEvents(): void {
    if (!this.decision.ok) throw new Error(`expected acceptance, got rejection: ${this.decision.message}`);
    expect(this.decision.events).toEqual([]);
  }

  thenRejected(message: string): void {
    expect(this.decision).toEqual(expect.objectContaining({ ok: false, message }));
  }

  /** Appends the accepted events to the world, for follow-up checks. */
  andApply(): World {
    if (this.decision.ok) this.world.append(this.decision.events, this.decision.stream);
    return this.world;
  }
}

export function given(world: World) {
  return {
    when(command: Command, actor: Actor): Then {
      return new Then(decide(world.state, command, world.context(actor)), world);
    },
    whenWire(input: CommandInput, actor: Actor): Then {
      return new Then(decideInput(world.state, input, world.context(actor)), world);
    },
  };
}
