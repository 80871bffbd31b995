import type { Compiler } from 'webpack';

export interface KnownWarning {
  /** Matches the warning's message. */
  message: RegExp;
  /** One calm line printed instead of webpack's WARNING block. */
  note: string;
}

/**
 * Replaces warnings the project knows and has judged with one line each, so that the build's
 * output shows a newcomer only what needs attention. Unknown warnings pass through unchanged.
 */
export class KnownWarningsPlugin {
  constructor(private readonly known: KnownWarning[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.done.tap('KnownWarningsPlugin', (stats) => {
      const { warnings } = stats.compilation;
      const notes = new Set<string>();
      for (let i = warnings.length - 1; i >= 0; i -= 1) {
        const match = this.known.find((k) => k.message.test(warnings[i]?.message ?? ''));
        if (!match) continue;
        notes.add(match.note);
        warnings.splice(i, 1);
      }
      for (const note of notes) console.log(`Note: ${note}`);
    });
  }
}
