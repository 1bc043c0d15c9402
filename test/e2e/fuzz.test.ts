import { runFuzz, summary } from '../fuzz/run';

/** Frames per CI run: about a minute on a loaded two-core machine. `npm run fuzz -- --frames 100000` runs long. */
const FRAMES = Number(process.env.FUZZ_FRAMES ?? 12_000);
/** The same frames on every CI run (docs/decisions/fuzzing.md); `FUZZ_SEED=<n>` or `npm run fuzz` explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);

/**
 * Property: whatever frame arrives (every message type, every role, hostile strings, numbers,
 * nesting, prototype keys, NUL, surrogates, huge regexes), the server does not crash or hang, changes
 * no state without an accepted command, and answers each frame exactly once under its id.
 */
describe('fuzzing the realtime endpoint', () => {
  it(`survives ${FRAMES} hostile frames`, async () => {
    const result = await runFuzz({ frames: FRAMES, seed: SEED });
    console.log(summary(result));
    expect(result.failure).toBeNull();
    expect(result.stats.frames).toBe(FRAMES);
    expect(result.typesCovered).toBe(result.typesInCatalogue);
  }, 600_000);
});
