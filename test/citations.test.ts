/**
 * The code speaks of the product, and its comments cite documents the repository holds:
 *
 * - every `.md` path that a comment of the code or a document cites exists, read from the
 *   repository's root (`docs/spec/portal-spec.md`, `server/HARDENING.md`) or from the citing file's
 *   folder (a Markdown link relative to its document, "README.md in this folder"); the spec cited
 *   by its bare file name resolves to neither, so it fails;
 * - no file names the ticket that asked for a change (an issue or a defect and its number): a
 *   comment, a test's title or a log line says what the product does and why instead.
 *
 * Pure file reading, no build and no parser: a small lexer finds the comments of the TypeScript
 * and JavaScript files; documents and scripts are read whole.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** What is read: the app, the backend, the wire, the tests, tools and documents, and the root's own files. */
const SCOPE = [
  'src', 'server', 'contract', 'e2e', 'test', 'bench', 'deploy', 'config', 'docs', '.ci',
  'README.md', 'BENCHMARKS.md', 'PRIVACY.md', 'package.json', 'tsconfig.json', 'webpack.config.ts', 'jest.config.ts', 'eslint.config.mjs',
];

/** Never read: installed packages, compiler caches, and what the tools write (screenshots, bench results, generated seed media). */
const NOT_SOURCE = ['node_modules', '.swc', 'e2e/artifacts', 'bench/results', 'server/seed/generated'];

/**
 * Cited paths that are real places outside the repository's documents: the WordPress peer next to
 * the clone (the WordPress journeys and benches run its scripts) and the bench's own output.
 */
const NOT_IN_REPOSITORY = ['../shared/peers/', 'bench/results/'];

/** The franchise's spec, API contract and demo data, copied word for word: they cite the franchise's own tree. */
const COPIES = 'docs/spec/';

const TEXT = /\.(?:ts|tsx|js|cjs|mjs|json|md|sh|ya?ml|cfg|conf|html|css|txt)$/;
const CODE = /\.(?:ts|tsx|js|cjs|mjs)$/;
/** A path to a Markdown file as prose writes it: from the root, relative to a folder (./, ../), or a bare file name. */
const MARKDOWN_PATH = /(?<![\w./-])((?:\.\.?\/)*(?:[\w-]+\/)*[\w-]+\.md)(?![\w-])/g;
/** A ticket named by its number: the word, an optional '#', the number. */
const TICKET = /\b(?:[Ii]ssues?|[Dd]efects?) #?\d+/g;

/** Words after which a '/' starts a regular expression rather than dividing. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'instanceof']);

/**
 * The comments of a TypeScript or JavaScript source, without their markers. Steps over strings,
 * template literals (and the code inside their `${}`) and regular expression literals, so that a
 * '//' in a URL or a quote in a pattern is not taken for a comment. A quote or slash that opens
 * nothing (an apostrophe in JSX text) ends with its line.
 */
function commentsOf(source: string): string[] {
  const comments: string[] = [];
  /** For each template whose `${` is open: the brace depth its `}` brings back. */
  const templates: number[] = [];
  let braces = 0;
  let slashStartsRegex = true;
  let i = 0;

  /** Template text from `from` up to its closing backtick (returns after it) or its next `${` (returns after that). */
  const templateText = (from: number): number => {
    let j = from;
    while (j < source.length) {
      const ch = source[j];
      if (ch === '\\') j += 2;
      else if (ch === '`') return j + 1;
      else if (ch === '$' && source[j + 1] === '{') {
        templates.push(braces);
        braces += 1;
        return j + 2;
      } else j += 1;
    }
    return j;
  };
  /** The end of a quoted string or regular expression opened at `from`, or of its line when it does not close there. */
  const closing = (from: number, close: string, inPattern: boolean): number => {
    let inClass = false;
    for (let j = from + 1; j < source.length; j += 1) {
      const ch = source[j];
      if (ch === '\\') j += 1;
      else if (ch === '\n') return j;
      else if (inPattern && ch === '[') inClass = true;
      else if (inPattern && ch === ']') inClass = false;
      else if (ch === close && !inClass) return j + 1;
    }
    return source.length;
  };

  while (i < source.length) {
    const ch = source[i]!;
    const next = source[i + 1];
    if (ch === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      comments.push(source.slice(i + 2, stop));
      i = stop;
    } else if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      comments.push(source.slice(i + 2, stop));
      i = stop + 2;
    } else if (ch === '"' || ch === "'") {
      i = closing(i, ch, false);
      slashStartsRegex = false;
    } else if (ch === '`') {
      i = templateText(i + 1);
      slashStartsRegex = false;
    } else if (ch === '/' && slashStartsRegex) {
      i = closing(i, '/', true);
      while (/[a-z]/.test(source[i] ?? '')) i += 1;
      slashStartsRegex = false;
    } else if (/[\w$]/.test(ch)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 40))![0];
      i += word.length;
      slashStartsRegex = BEFORE_EXPRESSION.has(word);
    } else if (/\s/.test(ch)) {
      i += 1;
    } else {
      if (ch === '{') braces += 1;
      if (ch === '}') {
        braces -= 1;
        if (templates.length > 0 && templates[templates.length - 1] === braces) {
          templates.pop();
          i = templateText(i + 1);
          slashStartsRegex = false;
          continue;
        }
      }
      slashStartsRegex = ch !== ')' && ch !== ']' && ch !== '}';
      i += 1;
    }
  }
  return comments;
}

/** The Markdown paths `text` cites that are neither in the repository (from its root or from `file`'s folder) nor known places outside it. */
function missingDocuments(file: string, text: string): string[] {
  return [...text.matchAll(MARKDOWN_PATH)]
    .map((match) => match[1]!)
    .filter((cited) => !NOT_IN_REPOSITORY.some((place) => cited.startsWith(place)))
    .filter((cited) => !inRepository(path.join(ROOT, cited)) && !inRepository(path.join(ROOT, path.dirname(file), cited)));
}

/** Whether `absolute` is a file or folder of the repository (a path that climbs out of it is not). */
const inRepository = (absolute: string) => absolute.startsWith(`${ROOT}${path.sep}`) && existsSync(absolute);

/** Each ticket `text` names, as 'line: words'. */
function ticketsIn(text: string): string[] {
  return text.split('\n').flatMap((line, index) => [...line.matchAll(TICKET)].map((match) => `${index + 1}: ${match[0]}`));
}

/** The text files in scope, as paths from the repository's root with '/' separators. */
function filesInScope(): string[] {
  const found: string[] = [];
  const visit = (relative: string) => {
    if (NOT_SOURCE.some((skipped) => relative === skipped || relative.endsWith(`/${skipped}`))) return;
    const absolute = path.join(ROOT, relative);
    if (!existsSync(absolute)) return;
    const entries = readdirSync(absolute, { withFileTypes: true });
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile() && (TEXT.test(entry.name) || !entry.name.includes('.'))) found.push(child);
    }
  };
  for (const entry of SCOPE) {
    if (TEXT.test(entry) && existsSync(path.join(ROOT, entry))) found.push(entry);
    else visit(entry);
  }
  return found;
}

const files = filesInScope().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** What a file says in prose: a code file's comments, any other file whole. */
const proseOf = ({ file, text }: { file: string; text: string }) => (CODE.test(file) ? commentsOf(text).join('\n') : text);

describe('citations and tickets', () => {
  it('reads the comments and nothing else of a code file', () => {
    const source = [
      "const site = 'http://example.test/a.md'; // cites docs/one.md",
      'const quotes = /[\'"`/]/g; /* cites docs/two.md */',
      "const line = `${site /* inside a template's code */}/*not a comment*/` + `${quotes}`;",
      "const half = 10 / 2; const ratio = half / 5; // after a division",
    ].join('\n');
    expect(commentsOf(source).map((comment) => comment.trim())).toEqual([
      'cites docs/one.md',
      'cites docs/two.md',
      "inside a template's code",
      'after a division',
    ]);
  });

  it('would catch a missing document and a ticket number', () => {
    expect(missingDocuments('src/shared/constants.ts', 'as docs/spec/portal-spec.md and server/HARDENING.md say')).toEqual([]);
    expect(missingDocuments('src/shared/constants.ts', 'as portal-spec.md and docs/nowhere.md say')).toEqual(['portal-spec.md', 'docs/nowhere.md']);
    expect(missingDocuments('docs/wordpress.md', '[the contract](spec/api-contract.md), ../shared/peers/wordpress/README.md')).toEqual([]);
    expect(missingDocuments('docs/wordpress.md', '[the contract](../../shared/docs/api-contract.md)')).toEqual(['../../shared/docs/api-contract.md']);
    // Put together here, so that this file names no ticket itself.
    const ticket = (word: string, number: string) => [word, number].join(' ');
    expect(ticketsIn(`Lighter steps (${ticket('issue', '19')}, part 4)\nfound by ${ticket('Defect', '#8')}`)).toEqual([`1: ${ticket('issue', '19')}`, `2: ${ticket('Defect', '#8')}`]);
    expect(ticketsIn("an owner issues cards; tokens.issue(42, now); the issue's goal")).toEqual([]);
  });

  it('reads the whole repository (a walk that found nothing would pass)', () => {
    expect(files.length).toBeGreaterThan(500);
    const constants = files.find(({ file }) => file === 'src/shared/constants.ts')!;
    expect(proseOf(constants)).toContain('docs/spec/portal-spec.md');
  });

  it('cites only Markdown documents the repository holds', () => {
    const missing = files
      .filter(({ file }) => !file.startsWith(COPIES))
      .flatMap((entry) => missingDocuments(entry.file, proseOf(entry)).map((cited) => `${entry.file}: ${cited}`));
    expect(missing).toEqual([]);
  });

  it('names no issue or defect by its number', () => {
    const tagged = files.flatMap(({ file, text }) => ticketsIn(text).map((found) => `${file}:${found}`));
    expect(tagged).toEqual([]);
  });
});
