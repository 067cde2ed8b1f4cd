// Lists, shows and replays the dead letters of the DLQ stream: `npm run dlq -- list|show <id>|replay <id>|replay --all`
// (builds libs/messaging first). The logic and its usage text: libs/messaging/src/dlq/dlq-cli.ts.
const { runDlqCli } = require('../dist/dlq/dlq-cli');

runDlqCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`dlq: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
