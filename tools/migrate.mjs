// `npm run migrate` (and compose's one-shot migrate job): every service's migrations, plus the
// demo seed when SEED_DEMO=true. Uses DATABASE_URL from the environment when set.
import { migrateAll, stackEnv } from './lib/stack.mjs';

const env = stackEnv({});
for (const line of await migrateAll(env)) process.stdout.write(`${line}\n`);
