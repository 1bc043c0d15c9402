// Runs the test files that take longest first, so that no long file starts near the end and runs alone
// while the other worker idles. Jest does that by itself from the timings it cached on an earlier run;
// on a clean checkout (CI) it has none and goes by file size, which started the 12,000-frame fuzz test
// (a small file) last. slow-suites.txt gives the measured seconds of the slow files; the longer of
// those and Jest's own figure counts: in CI the Postgres run finds the embedded run's figures cached,
// and a file that is quick on the embedded store can be slow on Postgres.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.resolve(__dirname, '../..');

/** Absolute path -> milliseconds, from the lines `<seconds> <root-relative path>` of slow-suites.txt. */
const measured = new Map(
  readFileSync(path.join(__dirname, 'slow-suites.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [seconds, file] = line.trim().split(/\s+/);
      return [path.join(root, file), Number(seconds) * 1000];
    }),
);

class SlowFirstSequencer extends Sequencer {
  /** Failed files first (as Jest's own order), then by the longer of the cached and the listed time, then by file size; all longest first. */
  sort(tests) {
    const keys = new Map(
      tests.map((test) => {
        test.duration = this.time(test);
        return [
          test,
          {
            failed: this.hasFailed(test) ? 1 : 0,
            time: Math.max(test.duration ?? 0, measured.get(test.path) ?? 0),
            size: test.context.hasteFS.getSize(test.path) ?? 0,
          },
        ];
      }),
    );
    return tests.sort((a, b) => {
      const [ka, kb] = [keys.get(a), keys.get(b)];
      return kb.failed - ka.failed || kb.time - ka.time || kb.size - ka.size;
    });
  }
}

module.exports = SlowFirstSequencer;
