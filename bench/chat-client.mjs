// Plain HTTP clients for the chat benchmarks (bench:chat, bench:scale): a JSON POST, and one SSE
// chat stream timed to its first content event and to [DONE].
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export function post(url, pathName, body, cookie) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(`${url}${pathName}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...(cookie ? { Cookie: cookie } : {}) },
    });
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One chat stream: time to the first content event and to [DONE], and whether it went wrong;
 * `onFirstContent` is called when the first content event arrives.
 */
export function stream(url, cookie, body, onFirstContent = () => {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = JSON.stringify(body);
    const result = { ttfc: null, total: null, error: null };
    const req = http.request(`${url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Cookie: cookie },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) result.error = `HTTP ${res.statusCode}`;
      let buffer = '';
      let done = false;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!line.startsWith('data: ')) continue;
          const data = line.slice(6);
          if (data === '[DONE]') {
            done = true;
            continue;
          }
          const event = JSON.parse(data);
          if (event.content !== undefined && result.ttfc === null) {
            result.ttfc = performance.now() - started;
            onFirstContent();
          }
          if (event.error) result.error = event.error;
        }
      });
      res.on('end', () => {
        result.total = performance.now() - started;
        if (!done && !result.error) result.error = 'no [DONE]';
        if (result.ttfc === null && !result.error) result.error = 'no content';
        resolve(result);
      });
    });
    req.on('error', (err) => resolve({ ...result, error: err.message }));
    req.end(payload);
  });
}

/** A GET; resolves with the status and body. */
export function get(url, pathName, cookie) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${pathName}`, { headers: cookie ? { Cookie: cookie } : {} });
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode, body: data }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The session cookie of a sign-in response (`POST /api/login`), as a Cookie header. */
export function cookieOf(login) {
  return []
    .concat(login.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * `n` different questions made from the stored chunks' own words (the profiling scripts' burst), so
 * each one searches for something the materials hold; `db` is the app's DataSource.
 */
export async function questionsFromChunks(db, n) {
  const texts = (await db.query(`SELECT text FROM chunks ORDER BY id DESC LIMIT ${n * 4}`)).map((r) => r.text);
  return Array.from({ length: n }, (_, i) => {
    const words = texts[i * 4].split(/\W+/).filter((w) => w.length > 5);
    return `What did the speakers say about ${words[1]} and ${words[Math.floor(words.length / 2)]}?`;
  });
}
