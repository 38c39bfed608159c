/** Collects positional parameters for hand-written SQL: `params.add(value)` gives `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A statement and its parameters, for the service and for tools that time the same SQL. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}
