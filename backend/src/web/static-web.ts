import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';

/**
 * Serves the built front ends beside the API, with history fallback:
 * `/admin/*` and `/superadmin/*` get the react-admin consoles, every other non-API path the attendee app.
 */
export function staticWeb(webRoot: string) {
  const attendee = path.join(webRoot, 'frontend-attendee', 'dist');
  const admin = path.join(webRoot, 'frontend-admin', 'dist');
  const assets = { immutable: true, maxAge: '1y', index: false } as const;
  const serveAttendee = express.static(attendee, assets);
  const serveAdmin = express.static(admin, assets);
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
