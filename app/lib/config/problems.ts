import type * as z from "zod";

/** One thing wrong in one config file, in words a marketer can act on. */
export type ConfigProblem = {
  file: string;
  /** JSON path such as `menu.groups[0].options[2].url`; empty for the whole file. */
  path: string;
  message: string;
};

export function formatJsonPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === "number" ? `[${segment}]` : index === 0 ? String(segment) : `.${String(segment)}`,
    )
    .join("");
}

export function problemsFromZod(file: string, error: z.ZodError, prefix: PropertyKey[] = []): ConfigProblem[] {
  return error.issues.flatMap((issue) => {
    // A union's generic message is vague; the branch closest to matching says what is wrong.
    // A message the schema spelled out itself is kept.
    const generic = /^(Invalid input|Entrada inválida)/.test(issue.message);
    if (issue.code === "invalid_union" && "errors" in issue && issue.errors.length > 0 && generic) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (best.length > 0) {
        return best.map((inner) => ({
          file,
          path: formatJsonPath([...prefix, ...issue.path, ...inner.path]),
          message: inner.message,
        }));
      }
    }
    return [{ file, path: formatJsonPath([...prefix, ...issue.path]), message: issue.message }];
  });
}

const JSON_HINTS: Array<[RegExp, string]> = [
  [/double-quoted property name/, "se esperaba un nombre entre comillas dobles (¿sobra una coma al final?)"],
  [/',' or '}' after property value/, "falta una coma entre propiedades o la llave de cierre"],
  [/',' or ']' after array element/, "falta una coma entre elementos o el corchete de cierre"],
  [/':' after property name/, "faltan los dos puntos después del nombre"],
  [/Bad control character|Bad escaped character/, "hay un carácter no permitido dentro de un texto"],
];

function explainJsonError(raw: string): string {
  return JSON_HINTS.find(([pattern]) => pattern.test(raw))?.[1] ?? raw.replace(/\s*in JSON at position.*$/, "");
}

/** Turns JSON.parse's position into a line and column a text editor shows. */
export function problemFromJsonSyntax(file: string, source: string, error: unknown): ConfigProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const position = Number(raw.match(/position (\d+)/)?.[1]);
  if (Number.isFinite(position)) {
    const before = source.slice(0, position);
    const line = before.split("\n").length;
    const column = position - before.lastIndexOf("\n");
    return { file, path: "", message: `JSON mal formado en la línea ${line}, columna ${column}: ${explainJsonError(raw)}` };
  }
  // Some of V8's messages carry no position; say what it found without echoing the file.
  if (/end of JSON input|Unterminated/i.test(raw)) {
    return { file, path: "", message: "JSON mal formado: el archivo termina antes de tiempo (falta cerrar una comilla, llave o corchete)" };
  }
  const token = raw.match(/Unexpected token '?([^',\s]+)'?/)?.[1];
  return {
    file,
    path: "",
    message: token
      ? `JSON mal formado: símbolo inesperado «${token}» (revisa comas, comillas y valores como true, false o null)`
      : "JSON mal formado: revisa comas, comillas, llaves y corchetes",
  };
}

export function formatProblem(problem: ConfigProblem): string {
  return problem.path ? `${problem.file} › ${problem.path}: ${problem.message}` : `${problem.file}: ${problem.message}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "ConfigError";
  }
}
