import { configure } from '@testing-library/react';

// findBy and waitFor give up after 1 s by default. A first render with its queries can take
// longer on a busy machine, and `npm test` runs the unit tests at the lowest CPU priority beside
// the integration shards (SNAPTRACK_TEST_BACKGROUND=1), where they may wait seconds for a core.
// A real failure still fails, only later.
// (Node's `process`, which jest's jsdom keeps; the SPA's types know only the browser.)
const { env } = (globalThis as unknown as { process: { env: Record<string, string | undefined> } })
  .process;
configure({ asyncUtilTimeout: env.SNAPTRACK_TEST_BACKGROUND ? 60_000 : 5_000 });
