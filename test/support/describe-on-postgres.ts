/** Jest's describe for the e2e files that need Postgres; kept out of the server build (tsconfig.build.json), which has no test runner's types. */
import { POSTGRES_URL } from './test-database';

/**
 * The tests of a file that needs a real Postgres (several instances on one database, faults of its
 * connection): they run when DATABASE_URL is set; otherwise the file says so and reports them skipped.
 * `name` names the file in that line.
 */
export function describeOnPostgres(name: string, title: string, tests: () => void): void {
  if (POSTGRES_URL) {
    describe(title, tests);
    return;
  }
  console.log(`${name} skipped: it needs Postgres (DATABASE_URL is not set; .ci/run sets it).`);
  describe.skip(`${title} (DATABASE_URL not set)`, () => {
    it('runs when DATABASE_URL is set', () => undefined);
  });
}
