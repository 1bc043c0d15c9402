// One ESLint for a whole test file (purity.test.ts): reads `{ "filePath", "source" }` lines on stdin,
// lints each source as the file at filePath (what `eslint --stdin --stdin-filename` does) and answers
// each with a line of its messages, in order. The project's config loads once instead of once a case.
import { createInterface } from 'node:readline';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
for await (const line of createInterface({ input: process.stdin })) {
  const { filePath, source } = JSON.parse(line);
  const [report] = await eslint.lintText(source, { filePath });
  process.stdout.write(`${JSON.stringify(report.messages)}\n`);
}
