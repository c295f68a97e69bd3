import net from 'node:net';

/**
 * A tiny round-robin TCP balancer for the two-instance row: `node bench/balancer.ts <port>
 * <backend port>…` hands each new connection to the next backend in turn and pipes bytes both
 * ways, nothing more (no HTTP parsing, no health checks). autocannon keeps its connections
 * alive, so its 32 connections split 16 and 16, as a connection-level balancer in front of
 * keep-alive clients would split them.
 */
const [port, ...backends] = process.argv.slice(2).map(Number);
if (!port || backends.length === 0) throw new Error('usage: node bench/balancer.ts <port> <backend port>…');
let next = 0;
const server = net.createServer((client) => {
  const backendPort = backends[next++ % backends.length]!;
  const upstream = net.connect({ host: '127.0.0.1', port: backendPort });
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
});
// reusePort: several balancer processes may share the port (the stream scenario needs more sockets than one process may hold).
server.listen({ port, host: '127.0.0.1', reusePort: true }, () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
