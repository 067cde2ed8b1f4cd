// Baseline: a bare Socket.IO server (no auth, no adapter, no proxy) in its own process. The parent connects a
// client, then asks for `count` emits at `rate` per second; each carries the wall-clock time of its emit.
import http from 'node:http';
import { Server } from 'socket.io';

const now = () => performance.timeOrigin + performance.now();
const server = http.createServer();
const io = new Server(server, { serveClient: false });

function run(rate, count) {
  const start = now();
  let sent = 0;
  const tick = () => {
    const due = Math.min(count, Math.floor(((now() - start) / 1000) * rate) + 1);
    while (sent < due) {
      io.emit('tick', { seq: sent, t: now() });
      sent += 1;
    }
    if (sent < count) setTimeout(tick, 1);
    else process.send?.({ type: 'done', sent });
  };
  tick();
}

process.on('message', (msg) => {
  if (msg?.type === 'run') run(msg.rate, msg.count);
  if (msg?.type === 'stop') {
    io.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: server.address().port });
});
