// Rewrites the generated part of docs/request-lifecycle.md from the lifecycle table (REQUEST_LIFECYCLE).
// `npm run docs:lifecycle -w @tiredash/contracts` (builds first); a unit test fails while the file is stale.
const fs = require('node:fs');
const path = require('node:path');
const { lifecycleDocSection } = require('../dist/requests/lifecycle');

const file = path.join(__dirname, '..', '..', '..', 'docs', 'request-lifecycle.md');
const text = fs.readFileSync(file, 'utf8');
const begin = '<!-- lifecycle:begin -->';
const end = '<!-- lifecycle:end -->';
const from = text.indexOf(begin);
const to = text.indexOf(end);
if (from < 0 || to < from) throw new Error(`${file} has no ${begin} ... ${end} section`);
fs.writeFileSync(file, `${text.slice(0, from + begin.length)}\n${lifecycleDocSection()}\n${text.slice(to)}`);
process.stdout.write(`updated ${path.relative(process.cwd(), file)}\n`);
