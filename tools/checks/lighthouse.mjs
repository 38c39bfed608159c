// Lighthouse on a running stack, as JSON on stdout: the browser test runs it in a process of its
// own (Lighthouse loads its audits with dynamic imports, which jest's module sandbox refuses).
//   SIGN_IN_EMAIL=… SIGN_IN_PASSWORD=… node tools/checks/lighthouse.mjs --base-url URL
//     [--categories accessibility,best-practices]
import { parseArgs } from 'node:util';
import { LIGHTHOUSE_CATEGORIES, auditLandingAndDashboard } from '../lib/lighthouse.mjs';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    categories: { type: 'string', default: LIGHTHOUSE_CATEGORIES.join(',') },
  },
});
const { SIGN_IN_EMAIL: email, SIGN_IN_PASSWORD: password } = process.env;
if (!args['base-url'] || !email || !password) {
  process.stderr.write(
    'usage: SIGN_IN_EMAIL=… SIGN_IN_PASSWORD=… node tools/checks/lighthouse.mjs --base-url URL [--categories a,b]\n',
  );
  process.exit(2);
}
const pages = await auditLandingAndDashboard({
  baseUrl: args['base-url'],
  email,
  password,
  categories: args.categories.split(','),
});
process.stdout.write(`${JSON.stringify(pages)}\n`);
