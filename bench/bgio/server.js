// boardgame.io's own server (Koa + socket.io, in-memory storage) with the Mole game, for
// bench/compare.py. Listens on 127.0.0.1 only, on a port the system picks, prints
// {"port": N} once it serves, and exits when its standard input closes, so it never outlives
// the bench that started it.
'use strict';

// boardgame.io logs every refused move unless in production; the bench measures the server,
// not its console.
process.env.NODE_ENV = 'production';

const { Server, Origins } = require('boardgame.io/server');
const { Mole } = require('./mole.js');

async function main() {
  const server = Server({ games: [Mole], origins: [Origins.LOCALHOST] });
  // koa-socket-2 makes app.listen pass its arguments to http.Server.listen, so a host can be
  // given: loopback only, never the LAN.
  const listen = server.app.listen.bind(server.app);
  server.app.listen = (port, callback) => listen(port, '127.0.0.1', callback);
  const { appServer } = await server.run({ port: 0 });
  process.stdout.write(JSON.stringify({ port: appServer.address().port, pid: process.pid }) + '\n');
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
