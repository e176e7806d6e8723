// A real SMTP server on loopback (the smtp-server package) that writes each received message to a directory.
const fs = require('node:fs');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');

const [port, dir] = process.argv.slice(2);
let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const file = path.join(dir, `${Date.now()}-${++n}.json`);
      // Written aside, then renamed: a reader never parses a half-written message.
      const partial = path.join(dir, `partial-${n}`);
      fs.writeFileSync(partial, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
      fs.renameSync(partial, file);
      callback();
    });
  },
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
