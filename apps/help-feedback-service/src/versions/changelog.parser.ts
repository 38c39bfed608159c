import type { ReleaseNotes } from '@snaptrack/contracts';

const HEADING = /^(\d{1,4}\.\d{1,4}\.\d{1,4}) - (\d{4}-\d{2}-\d{2})$/;
const RELEASE_TYPES = ['major', 'minor', 'patch'] as const;

/**
 * Parses content/changelog.md: one `## <version> - <YYYY-MM-DD>` section per release with
 * `type:`, optional `build:`, a `highlights:` list and then the markdown body. Newest first.
 * Throws on a malformed section so a bad changelog stops the service at start.
 */
export function parseChangelog(text: string): ReleaseNotes[] {
  const sections = text.split(/^## /m).slice(1);
  const releases = sections.map(parseSection);
  releases.sort((a, b) => compareVersions(b.version, a.version));
  // Without an explicit build, a release's build is its position counting from the oldest.
  releases.forEach((release, index) => {
    release.buildNumber ||= String(releases.length - index);
  });
  return releases;
}

function parseSection(section: string): ReleaseNotes {
  const lines = section.split('\n');
  const heading = lines.shift()?.trim() ?? '';
  const match = HEADING.exec(heading);
  if (!match) throw new Error(`Changelog heading '## ${heading}' is not '## 1.2.3 - YYYY-MM-DD'`);
  const [, version = '', releaseDate = ''] = match;
  const fields = new Map<string, string>();
  const highlights: string[] = [];
  let index = 0;
  for (; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? '';
    const field = /^(type|build|highlights):\s*(.*)$/.exec(line);
    if (field) fields.set(field[1] ?? '', field[2] ?? '');
    else if (line.startsWith('- ') && fields.has('highlights'))
      highlights.push(line.slice(2).trim());
    else if (line) break;
  }
  const releaseType = fields.get('type') as ReleaseNotes['releaseType'] | undefined;
  if (!releaseType || !RELEASE_TYPES.includes(releaseType)) {
    throw new Error(`Changelog ${version}: type must be major, minor or patch`);
  }
  return {
    version,
    buildNumber: fields.get('build') ?? '',
    highlights,
    content: lines.slice(index).join('\n').trim(),
    contentType: 'markdown',
    releaseType,
    releaseDate,
  };
}

/** Numeric comparison of 1.2.3 versions: negative when a is older than b. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
