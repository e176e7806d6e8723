import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * Serves a build's precompressed twin of an asset (`x.js.br` / `x.js.gz`, written by the front end's
 * build) when the browser accepts that encoding; otherwise falls through to the plain file.
 * Added for the attendee app's speed budget: no compression middleware, so SSE is untouched.
 */
function precompressed(dir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/assets/')) return next();
    const file = path.join(dir, path.normalize(req.path));
    if (!file.startsWith(dir + path.sep)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, ext] of ENCODINGS) {
      if (!accepted.includes(encoding) || !fs.existsSync(file + ext)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.type(path.extname(file));
      return res.sendFile(file + ext, { immutable: true, maxAge: '1y' });
    }
    next();
  };
}

/**
 * Serves the built front ends beside the API, with history fallback:
 * `/admin/*` and `/superadmin/*` get the react-admin consoles, every other non-API path the attendee app.
 */
export function staticWeb(webRoot: string) {
  const attendee = path.join(webRoot, 'frontend-attendee', 'dist');
  const admin = path.join(webRoot, 'frontend-admin', 'dist');
  const assets = { immutable: true, maxAge: '1y', index: false } as const;
  const attendeeStatic = express.static(attendee, assets);
  const adminStatic = express.static(admin, assets);
  const attendeeCompressed = precompressed(attendee);
  const adminCompressed = precompressed(admin);
  const serveAttendee = (req: Request, res: Response, next: NextFunction) =>
    attendeeCompressed(req, res, () => attendeeStatic(req, res, next));
  const serveAdmin = (req: Request, res: Response, next: NextFunction) => adminCompressed(req, res, () => adminStatic(req, res, next));
  const sendIndex = (dir: string, res: Response) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text').send('The front end is not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isConsole = /^\/(admin|superadmin)(\/|$)/.test(req.path);
    if (isConsole) {
      if (req.path.startsWith('/admin/assets/')) {
        req.url = req.url.slice('/admin'.length);
        return serveAdmin(req, res, () => res.status(404).end());
      }
      return sendIndex(admin, res);
    }
    serveAttendee(req, res, () => sendIndex(attendee, res));
  };
}
