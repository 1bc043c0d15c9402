/**
 * docs/events.md, generated from events/ with the TypeScript compiler so that it cannot drift from the
 * code (test/unit/event-catalogue.test.ts compares; `npm run events:catalogue` rewrites it). The types,
 * fields and doc comments come from the sources; the streams, versions and personal data from the
 * declarations in events/ themselves.
 */
import path from 'node:path';
import ts from 'typescript';
import { CURRENT_VERSION, EVENT_TYPES, type EventType } from '../../events';
import { LEGACY_PERSONAL_DATA, PERSONAL_DATA } from '../../events/personal-data';
import { STREAM_OF, type StreamKind } from '../../events/stream-of';
import { present } from '../../projections/live/state/present';

/** An `export type X = EventEnvelope<'Type', version, Data>` declaration. */
interface EventDeclaration {
  readonly alias: ts.TypeAliasDeclaration;
  readonly type: string;
  readonly version: number;
  readonly data: ts.TypeNode;
}

/** One entry of events/upcasters.ts: `'<type>@<version>': (data: Old): New => …`. */
interface UpcasterDeclaration {
  readonly type: string;
  readonly reads: number;
  readonly step: ts.PropertyAssignment;
  readonly from: ts.TypeNode | undefined;
  readonly to: ts.TypeNode | undefined;
}

const STREAM_NAME: Record<StreamKind, string> = {
  night: '`night-<nightId>`',
  team: '`team-<teamId>`',
  user: '`user-<userId>`',
  quiz: '`quiz-<quizId>`',
  show: '`show`',
};

class Catalogue {
  private readonly checker: ts.TypeChecker;
  private readonly sources: ts.SourceFile[];
  /** Named types of events/ that some field uses, rendered once at the end. */
  private readonly named = new Map<string, ts.Symbol>();

  constructor(private readonly root: string) {
    const eventsDir = path.join(root, 'events');
    const program = ts.createProgram([path.join(eventsDir, 'index.ts'), path.join(eventsDir, 'upcasters.ts')], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      noEmit: true,
      types: [],
      skipLibCheck: true,
    });
    this.checker = program.getTypeChecker();
    this.sources = program
      .getSourceFiles()
      .filter((file) => path.dirname(path.resolve(file.fileName)) === eventsDir)
      .sort((a, b) => a.fileName.localeCompare(b.fileName));
  }

  markdown(): string {
    const declarations = this.eventDeclarations();
    const upcasters = this.upcasterDeclarations();
    const current = EVENT_TYPES.map((type) => {
      const found = declarations.find((d) => d.type === type && d.version === CURRENT_VERSION[type]);
      if (!found) throw new Error(`events/: no EventEnvelope<'${type}', ${CURRENT_VERSION[type]}, …> declaration`);
      return found;
    });
    const modules = [...new Set(current.map((d) => this.fileOf(d.alias)))];
    const lines = [
      '# Event catalogue',
      '',
      '<!-- Generated from events/ by `npm run events:catalogue` (src/docs/event-catalogue.ts). Do not edit by hand. -->',
      '',
      `Every event type of the product in its current version (${EVENT_TYPES.length} types), generated from \`events/\`:`,
      'its stream (`events/stream-of.ts`), version (`CURRENT_VERSION`), fields, the older versions it still reads',
      '(`events/upcasters.ts`) and the personal data it may carry (`events/personal-data.ts`, ARCHITECTURE.md rule 14).',
      '`test/unit/event-catalogue.test.ts` fails when this file and `events/` disagree.',
      '',
      '| type | stream | version | personal data |',
      '| --- | --- | --- | --- |',
      ...current.map(
        (d) =>
          `| [${d.type}](#${d.type.toLowerCase()}) | ${STREAM_OF[d.type as EventType].join(', ')} | ${d.version} | ${personalSummary(d.type as EventType)} |`,
      ),
      '',
      '## The envelope',
      '',
      'Every event is `{ type, version, data, metadata }` (`events/envelope.ts`); a store keeps the version in the',
      'metadata (`events/codec.ts`). `metadata` holds:',
      '',
      ...this.fieldTable(
        this.checker.getDeclaredTypeOfSymbol(
          present(this.namedSymbol('EventMetadata'), 'The type EventMetadata of events/'),
        ),
      ),
      '',
    ];
    for (const module of modules) {
      lines.push(`## ${module}`, '');
      for (const d of current.filter((e) => this.fileOf(e.alias) === module))
        lines.push(...this.eventSection(d, upcasters), '');
    }
    lines.push('## Named types', '', 'The types of `events/` that the fields above use.', '');
    // Rendering a named type can name further ones: render until none is new, then in alphabetical order.
    for (let known = -1; known !== this.named.size;) {
      known = this.named.size;
      [...this.named.values()].forEach((symbol) => this.namedTypeSection(symbol));
    }
    const byName = [...this.named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, symbol] of byName) lines.push(...this.namedTypeSection(symbol), '');
    return lines.join('\n').replace(/\n+$/, '\n');
  }

  private eventSection(d: EventDeclaration, upcasters: readonly UpcasterDeclaration[]): string[] {
    const type = d.type as EventType;
    const doc =
      this.docOf(this.checker.getSymbolAtLocation(d.alias.name)) ||
      this.docOf(
        this.checker.getTypeFromTypeNode(d.data).aliasSymbol ?? this.checker.getTypeFromTypeNode(d.data).symbol,
      );
    const steps = upcasters.filter((u) => u.type === type).sort((a, b) => a.reads - b.reads);
    return [
      `### ${type}`,
      '',
      ...(doc ? [doc, ''] : []),
      `- Stream: ${STREAM_OF[type].map((kind) => STREAM_NAME[kind]).join(' or ')}`,
      `- Version: ${d.version}`,
      `- Older versions read:${steps.length === 0 ? ' none' : ''}`,
      ...steps.map((step) => `  - ${this.describeStep(step)}`),
      `- Personal data: ${personalDetail(type)}`,
      '',
      ...this.fieldTable(this.checker.getTypeFromTypeNode(d.data), PERSONAL_DATA[type]?.fields),
    ];
  }

  private describeStep(step: UpcasterDeclaration): string {
    const from = step.from ? this.checker.getTypeFromTypeNode(step.from) : undefined;
    const to = step.to ? this.checker.getTypeFromTypeNode(step.to) : undefined;
    const changes = from && to ? this.fieldChanges(from, to) : [];
    const why = leadingComment(step.step);
    const reads = step.from ? ` (data \`${oneLine(step.from.getText())}\`)` : '';
    if (step.from) this.useNamedIn(step.from);
    return [`version ${step.reads} → ${step.reads + 1}${reads}`, ...changes].join('; ') + (why ? `. ${why}` : '');
  }

  private fieldChanges(from: ts.Type, to: ts.Type): string[] {
    const before = new Map(this.checker.getPropertiesOfType(from).map((p) => [p.getName(), this.typeText(p)]));
    const after = new Map(this.checker.getPropertiesOfType(to).map((p) => [p.getName(), this.typeText(p)]));
    const names = (list: string[]) => list.map((n) => `\`${n}\``).join(', ');
    const added = [...after.keys()].filter((n) => !before.has(n));
    const dropped = [...before.keys()].filter((n) => !after.has(n));
    const changed = [...after].flatMap(([n, now]) => {
      const was = before.get(n);
      return was !== undefined && was !== now ? [{ n, was, now }] : [];
    });
    return [
      ...(added.length > 0 ? [`adds ${names(added)}`] : []),
      ...(dropped.length > 0 ? [`drops ${names(dropped)}`] : []),
      ...changed.map(({ n, was, now }) => `\`${n}\`: \`${escapeCell(was)}\` becomes \`${escapeCell(now)}\``),
    ];
  }

  private fieldTable(type: ts.Type, personal?: Readonly<Record<string, string | null>>): string[] {
    const properties = this.checker.getPropertiesOfType(type);
    if (properties.length === 0) return ['No fields.'];
    return [
      '| field | type | notes |',
      '| --- | --- | --- |',
      ...properties.map((property) => {
        const written = this.writtenType(property);
        if (written) this.useNamedIn(written);
        this.useNamed(this.checker.getTypeOfSymbol(property));
        const notes = [
          ...(property.flags & ts.SymbolFlags.Optional ? ['optional.'] : []),
          ...(personal && property.getName() in personal
            ? [`Personal data (an erased person: ${placeholder(personal[property.getName()] ?? null)}).`]
            : []),
          this.docOf(property),
        ]
          .filter((note) => note !== '')
          .join(' ');
        return `| \`${property.getName()}\` | \`${escapeCell(this.typeText(property))}\` | ${escapeCell(notes)} |`;
      }),
    ];
  }

  private namedTypeSection(symbol: ts.Symbol): string[] {
    const type = this.checker.getDeclaredTypeOfSymbol(symbol);
    const doc = this.docOf(symbol);
    const head = [`### ${symbol.getName()}`, '', ...(doc ? [doc, ''] : [])];
    if (type.isUnion() || this.checker.getPropertiesOfType(type).length === 0) {
      if (type.isUnion()) type.types.forEach((member) => this.useNamed(member));
      return [
        ...head,
        `\`${this.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias)}\``,
      ];
    }
    return [...head, ...this.fieldTable(type)];
  }

  /** The field's type as its declaration writes it (aliases kept), else as the compiler prints it. */
  private typeText(property: ts.Symbol): string {
    const written = this.writtenType(property);
    if (written) return oneLine(written.getText());
    return this.checker.typeToString(
      this.checker.getTypeOfSymbol(property),
      undefined,
      ts.TypeFormatFlags.NoTruncation,
    );
  }

  private writtenType(property: ts.Symbol): ts.TypeNode | undefined {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    return declaration && ts.isPropertySignature(declaration) ? declaration.type : undefined;
  }

  /** Notes the named types of events/ that a type refers to, for the section at the end. */
  private useNamed(type: ts.Type, seen = new Set<ts.Type>()): void {
    if (seen.has(type)) return;
    seen.add(type);
    const named = type.aliasSymbol ?? (type.flags & ts.TypeFlags.Object ? type.symbol : undefined);
    if (named && this.isOwn(named)) {
      this.named.set(named.getName(), named);
      return;
    }
    if (type.isUnionOrIntersection()) type.types.forEach((member) => this.useNamed(member, seen));
    for (const argument of type.aliasTypeArguments ?? []) this.useNamed(argument, seen);
    if (type.flags & ts.TypeFlags.Object) {
      const reference = type as ts.TypeReference;
      if ((reference as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)
        this.checker.getTypeArguments(reference).forEach((a) => this.useNamed(a, seen));
      if (type.symbol?.getName() === '__type')
        this.checker.getPropertiesOfType(type).forEach((p) => this.useNamed(this.checker.getTypeOfSymbol(p), seen));
    }
  }

  /** Notes the named types of events/ that a written type refers to (`UberMode`, whose union the compiler shares with its tuple). */
  private useNamedIn(node: ts.Node): void {
    if (ts.isTypeReferenceNode(node)) {
      const found = this.checker.getSymbolAtLocation(node.typeName);
      const symbol = found && found.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(found) : found;
      if (symbol && this.isOwn(symbol)) this.named.set(symbol.getName(), symbol);
    }
    ts.forEachChild(node, (child) => this.useNamedIn(child));
  }

  private isOwn(symbol: ts.Symbol): boolean {
    const declaration = symbol.declarations?.[0];
    return (
      declaration !== undefined &&
      this.sources.includes(declaration.getSourceFile()) &&
      (ts.isTypeAliasDeclaration(declaration) || ts.isInterfaceDeclaration(declaration))
    );
  }

  private namedSymbol(name: string): ts.Symbol | undefined {
    for (const source of this.sources) {
      for (const statement of source.statements) {
        if (
          (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
          statement.name.text === name
        ) {
          return this.checker.getSymbolAtLocation(statement.name);
        }
      }
    }
    return undefined;
  }

  private docOf(symbol: ts.Symbol | undefined): string {
    if (!symbol) return '';
    return oneLine(ts.displayPartsToString(symbol.getDocumentationComment(this.checker)));
  }

  private fileOf(node: ts.Node): string {
    return path.relative(this.root, node.getSourceFile().fileName).split(path.sep).join('/');
  }

  private eventDeclarations(): EventDeclaration[] {
    const found: EventDeclaration[] = [];
    for (const source of this.sources) {
      for (const statement of source.statements) {
        if (!ts.isTypeAliasDeclaration(statement) || !ts.isTypeReferenceNode(statement.type)) continue;
        const reference = statement.type;
        const [type, version, data] = reference.typeArguments ?? [];
        if (reference.typeName.getText() !== 'EventEnvelope' || !type || !version || !data) continue;
        if (
          !ts.isLiteralTypeNode(type) ||
          !ts.isStringLiteral(type.literal) ||
          !ts.isLiteralTypeNode(version) ||
          !ts.isNumericLiteral(version.literal)
        )
          continue;
        found.push({ alias: statement, type: type.literal.text, version: Number(version.literal.text), data });
      }
    }
    return found;
  }

  private upcasterDeclarations(): UpcasterDeclaration[] {
    const source = this.sources.find((file) => path.basename(file.fileName) === 'upcasters.ts');
    const table = source?.statements
      .filter(ts.isVariableStatement)
      .flatMap((s) => [...s.declarationList.declarations])
      .find((d) => d.name.getText() === 'upcasters')?.initializer;
    if (!table || !ts.isObjectLiteralExpression(table)) throw new Error('events/upcasters.ts: no `upcasters` object');
    return table.properties.filter(ts.isPropertyAssignment).map((step) => {
      const [type = '', reads] = (ts.isStringLiteral(step.name) ? step.name.text : step.name.getText()).split('@');
      const fn =
        ts.isArrowFunction(step.initializer) || ts.isFunctionExpression(step.initializer)
          ? step.initializer
          : undefined;
      return { type, reads: Number(reads), step, from: fn?.parameters[0]?.type, to: fn?.type };
    });
  }
}

function personalSummary(type: EventType): string {
  const current = Object.keys(PERSONAL_DATA[type]?.fields ?? {});
  const legacy = LEGACY_PERSONAL_DATA[type] ?? [];
  return [...current, ...legacy.map((field) => `${field} (older versions)`)].join(', ') || '–';
}

function personalDetail(type: EventType): string {
  const declared = PERSONAL_DATA[type];
  const legacy = LEGACY_PERSONAL_DATA[type] ?? [];
  const parts: string[] = [];
  if (declared) {
    parts.push(
      `${Object.keys(declared.fields)
        .map((f) => `\`${f}\``)
        .join(', ')}, kept in the vault under the person's \`${declared.subject}\`, not in the stored event`,
    );
  }
  if (legacy.length > 0)
    parts.push(`older versions carried ${legacy.map((f) => `\`${f}\``).join(', ')} (no longer stored)`);
  return parts.length === 0 ? 'none' : parts.join('; ');
}

function placeholder(value: string | null): string {
  return value === null ? 'null' : `"${value}"`;
}

function leadingComment(node: ts.Node): string {
  const text = node.getSourceFile().getFullText();
  const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  return oneLine(
    comments
      .map((c) =>
        text
          .slice(c.pos, c.end)
          .replace(/^\/\/\s?|^\/\*+|\*+\/$/gm, '')
          .replace(/^\s*\*\s?/gm, ''),
      )
      .join(' '),
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The catalogue of the events/ folder below `root` (the repository), as Markdown. */
export function eventCatalogue(root: string): string {
  return new Catalogue(root).markdown();
}
