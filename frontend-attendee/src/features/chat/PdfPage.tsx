import { getDocument, GlobalWorkerOptions, Util, type PageViewport, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { documentViewUrl } from '@/lib/api';
import { Spinner } from '@/components/ui/Spinner';

// The worker is a file of the app's own build (same origin, allowed by the CSP's script-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether a run of page text belongs to the cited words (runs of one short word are left out). */
function isCited(run: string, cited: string): boolean {
  const r = fold(run);
  if (r.length < 4 || (!r.includes(' ') && r.length < 8)) return false;
  return cited.includes(r) || (r.length > 40 && r.includes(cited.slice(0, 40)));
}

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/** Sizes the canvas to the viewport at the screen's pixel ratio; returns that ratio. */
function sizeCanvas(el: HTMLCanvasElement, viewport: PageViewport): number {
  const ratio = window.devicePixelRatio || 1;
  el.width = Math.floor(viewport.width * ratio);
  el.height = Math.floor(viewport.height * ratio);
  el.style.width = `${viewport.width}px`;
  el.style.height = `${viewport.height}px`;
  return ratio;
}

/** The boxes over the page's runs of text that belong to the cited words (already folded). */
function citedBoxes(text: TextContent, viewport: PageViewport, scale: number, cited: string): Box[] {
  const found: Box[] = [];
  for (const item of text.items) {
    if (!('str' in item) || !isCited(item.str, cited)) continue;
    const tx = Util.transform(viewport.transform, item.transform);
    const height = Math.hypot(tx[2], tx[3]);
    found.push({ left: tx[4], top: tx[5] - height, width: item.width * scale, height: height * 1.2 });
  }
  return found;
}

/** Renders the page into the canvas at the given width; returns the boxes over the words of `highlight`. */
async function renderCitedPage(p: PDFPageProxy, el: HTMLCanvasElement, width: number, highlight: string): Promise<Box[]> {
  const scale = width / p.getViewport({ scale: 1 }).width;
  const viewport = p.getViewport({ scale });
  const ratio = sizeCanvas(el, viewport);
  await p.render({ canvas: el, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
  return citedBoxes(await p.getTextContent(), viewport, scale, fold(highlight));
}

export interface PdfPageProps {
  documentId: string;
  page: number;
  /** The words to highlight on the page (the cited sentence, else the passage). */
  highlight: string;
  title: string;
}

/**
 * One page of a session's PDF rendered with pdf.js (loaded with this module, only when a PDF citation
 * opens), the cited words highlighted over it.
 */
export default function PdfPage({ documentId, page, highlight, title }: PdfPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [boxes, setBoxes] = useState<Box[]>([]);

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({
      url: documentViewUrl(documentId),
      withCredentials: true,
      isEvalSupported: false,
    });
    (async () => {
      const pdf = await task.promise;
      const p = await pdf.getPage(Math.min(Math.max(1, page), pdf.numPages));
      const el = canvas.current;
      if (cancelled || !el) return;
      const found = await renderCitedPage(p, el, frame.current?.clientWidth || 600, highlight);
      if (cancelled) return;
      setBoxes(found);
      setState('ready');
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('The PDF page could not be shown', error);
      setState('error');
    });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [documentId, page, highlight]);

  return (
    <div ref={frame} className="relative w-full overflow-hidden rounded border border-slate-200 bg-white" data-testid="pdf-page">
      {state === 'loading' && (
        <p className="flex items-center gap-2 p-3 text-sm text-slate-700">
          <Spinner /> Loading page {page}…
        </p>
      )}
      {state === 'error' && <p className="p-3 text-sm text-slate-700">The page could not be shown here. Open the document instead.</p>}
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Page ${page} of ${title}${boxes.length > 0 ? ', the cited passage highlighted' : ''}`}
        className={state === 'ready' ? 'block' : 'hidden'}
      />
      {state === 'ready' &&
        boxes.map((b, i) => (
          <span
            key={i}
            aria-hidden="true"
            data-pdf-highlight=""
            className="pointer-events-none absolute rounded-sm bg-amber-300/45 mix-blend-multiply"
            style={{ left: b.left, top: b.top, width: b.width, height: b.height }}
          />
        ))}
    </div>
  );
}
