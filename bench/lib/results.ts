/** One figure of the bench table, and helpers to compute and print figures. */

export interface Figure {
  /** The benchmark that produced it: bundle, lighthouse, tables, export, gallery, backend. */
  bench: string;
  /** What was measured, e.g. 'students list 10,000: header click to sorted rows painted'. */
  metric: string;
  value: number | string | null;
  unit: string;
  /** The goal as text ('<= 100 ms'), when there is one. */
  goal?: string;
  /** Whether the goal was met; absent when there is no goal. */
  pass?: boolean;
  /** Anything a reader needs to interpret the figure (runs, conditions). */
  note?: string;
}

export interface BenchOutcome {
  bench: string;
  figures: Figure[];
  /** Set when the benchmark crashed or timed out; its figures so far are kept. */
  error?: string;
  ms: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

export const kib = (bytes: number): number => round(bytes / 1024, 1);

/** A figure with a numeric goal: at most (or at least) `limit`. */
export function goalFigure(
  base: Omit<Figure, 'goal' | 'pass' | 'value'> & { value: number | null },
  limit: number,
  direction: 'max' | 'min' = 'max',
): Figure {
  const goal = `${direction === 'max' ? '<=' : '>='} ${limit}${base.unit && base.unit !== 'score' ? ` ${base.unit}` : ''}`;
  const pass = base.value !== null && Number.isFinite(base.value) && (direction === 'max' ? base.value <= limit : base.value >= limit);
  return { ...base, goal, pass };
}

/** Collects figures and prints each as soon as it is known, so a later crash loses nothing. */
export class FigureSink {
  readonly figures: Figure[] = [];
  constructor(private readonly bench: string) {}

  add(figure: Omit<Figure, 'bench'>): void {
    const full: Figure = { bench: this.bench, ...figure };
    this.figures.push(full);
    console.log(`  ${formatFigure(full)}`);
  }

  addGoal(base: Omit<Figure, 'bench' | 'goal' | 'pass' | 'value'> & { value: number | null }, limit: number, direction: 'max' | 'min' = 'max'): void {
    this.add(goalFigure({ bench: this.bench, ...base }, limit, direction));
  }
}

export function verdict(figure: Figure): string {
  if (figure.pass === undefined) return '';
  return figure.pass ? 'PASS' : 'MISS';
}

export function formatValue(figure: Figure): string {
  if (figure.value === null) return 'n/a';
  return `${figure.value}${figure.unit && figure.unit !== 'score' ? ` ${figure.unit}` : ''}`;
}

export function formatFigure(figure: Figure): string {
  const v = verdict(figure);
  return `${figure.metric}: ${formatValue(figure)}${figure.goal ? ` (goal ${figure.goal}: ${v})` : ''}${figure.note ? ` [${figure.note}]` : ''}`;
}

/** A Markdown table of every figure, the one BENCHMARKS.md records. */
export function markdownTable(figures: readonly Figure[]): string {
  const lines = ['| benchmark | measure | value | goal | result |', '|---|---|---|---|---|'];
  for (const f of figures) {
    const measure = f.note ? `${f.metric} (${f.note})` : f.metric;
    lines.push(`| ${f.bench} | ${measure.replace(/\|/g, '\\|')} | ${formatValue(f)} | ${f.goal ?? ''} | ${verdict(f)} |`);
  }
  return lines.join('\n');
}
