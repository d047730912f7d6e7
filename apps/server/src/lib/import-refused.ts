/** One thing wrong with an operator's import file, where it is. */
export interface ImportProblem {
  file: string;
  line: number;
  message: string;
}

/** An import refused whole: every problem found, nothing written. */
export class ImportRefusedError extends Error {
  readonly problems: ImportProblem[];

  constructor(problems: ImportProblem[]) {
    super(
      `nothing imported: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems
        .map((p) => `  ${p.file}:${p.line}: ${p.message}`)
        .join('\n')}`,
    );
    this.problems = problems;
  }
}
