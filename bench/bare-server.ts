// The baseline: node:http answering the same path with the same body, and nothing else.
import { createServer } from 'node:http';

const body = JSON.stringify({ success: true, valid: true, usage: { total: 0, quotaLimit: 0 } });
const server = createServer((request, response) => {
  if (request.url === '/api/v1/validate') {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  } else {
    response.writeHead(404).end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
