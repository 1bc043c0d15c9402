// ESLint plugin: keeps the pure core (events/, projections/live/, wire/, the rules in src/commands/) free of anything outside it.
// A file there may import only relative paths that stay inside the folders it is allowed to see.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Which project folders each pure folder may import from (the order: test/lint/layer-order.test.ts). */
const ALLOWED = [
  { folder: 'events', may: ['events'] },
  { folder: 'projections/live', may: ['events', 'projections/live'] },
  { folder: 'wire', may: ['events', 'projections/live', 'wire'] },
  { folder: 'src/commands', may: ['events', 'projections/live', 'wire', 'src/commands'] },
];

/**
 * Packages single files of the pure core may import: plain computation without clock, randomness or
 * I/O, wrapped in one module so that the rest of the core stays free of packages.
 * re2js: linear-time regular expressions (docs/decisions/regular-expressions.md).
 */
const PURE_PACKAGES = { 'projections/live/rules/answer-regex.ts': ['re2js'] };

function relativeOf(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function allowedRootsFor(file) {
  const rel = relativeOf(file);
  const rule = ALLOWED.find((a) => rel === a.folder || rel.startsWith(a.folder + '/'));
  return rule ? rule.may.map((m) => path.join(ROOT, m)) : null;
}

const onlyOwnImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The pure core imports nothing outside events/, projections/live/ and wire/.' },
    schema: [],
    messages: {
      outside:
        "'{{source}}' is outside the pure core: events/, projections/live/ and wire/ import no packages, Node built-ins, frameworks or other project folders.",
    },
  },
  create(context) {
    const roots = allowedRootsFor(context.filename);
    if (!roots) return {};
    const packages = PURE_PACKAGES[relativeOf(context.filename)] ?? [];
    function check(node, source) {
      if (typeof source !== 'string' || packages.includes(source)) return;
      const target = source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : null;
      const inside = target && roots.some((r) => target === r || target.startsWith(r + path.sep));
      if (!inside) context.report({ node, messageId: 'outside', data: { source } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.value ?? '(dynamic)'),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]?.value ?? '(dynamic)'),
    };
  },
};

export default { rules: { 'only-own-imports': onlyOwnImports } };
