// Writes the NATS server's authorization config and start script from the permission table
// (libs/messaging/src/permissions/nats-permissions.ts) for docker-compose.yml (deploy/nats) and Kubernetes
// (deploy/k8s/base/nats). `npm run nats:config` (builds first); a unit test fails while a file is stale.
// `npm run nats:config -- --passwords` prints fresh NATS_<SERVICE>_PASSWORD lines instead (for .env or a Secret).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { NATS_CONFIG_FILES, freshNatsPasswords, natsGeneratedFiles } = require('../dist/permissions/nats-permissions');

const root = path.join(__dirname, '..', '..', '..');
if (process.argv.includes('--passwords')) {
  process.stdout.write(`${freshNatsPasswords(crypto.randomBytes).join('\n')}\n`);
} else {
  const serverConf = fs.readFileSync(path.join(root, NATS_CONFIG_FILES.serverConf), 'utf8');
  for (const [file, text] of Object.entries(natsGeneratedFiles(serverConf))) {
    const target = path.join(root, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    fs.writeFileSync(target, text, { mode: file.endsWith('.sh') ? 0o755 : 0o644 });
    process.stdout.write(`${before === text ? 'unchanged' : 'updated  '} ${file}\n`);
  }
}
