/**
 * The metric names a PromQL expression reads (not its functions, keywords, label names or
 * Grafana variables). Enough for the expressions of our dashboard and alert rules; not a parser.
 */
export function metricNamesInPromQL(expr: string): string[] {
  const KEYWORDS = new Set([
    'by',
    'without',
    'on',
    'ignoring',
    'group_left',
    'group_right',
    'bool',
    'and',
    'or',
    'unless',
    'offset',
    'inf',
    'nan',
  ]);
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // label values
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // range selectors and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // groupings
    .replace(/\$\{?\w+\}?/g, ' '); // Grafana variables
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:]|\s*\()/g)) {
    const name = match[1];
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** The family a sample name belongs to: `x_bucket`, `x_count`, `x_sum` of histogram `x`. */
export function exportedMetricNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const declared = /^# TYPE (\S+) (\S+)/.exec(line);
    if (declared) {
      names.add(declared[1]);
      if (declared[2] === 'histogram' || declared[2] === 'summary') {
        for (const suffix of ['_bucket', '_count', '_sum']) names.add(declared[1] + suffix);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line);
    if (sample) names.add(sample[1]);
  }
  return names;
}
