import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

const steps = [
  [
    'Choose sessions',
    'Tick the sessions you care about in Select Sessions, or leave them all unticked to ask across the whole conference.',
  ],
  ['Ask a question', 'Type in the box and press Enter (Shift+Enter for a new line), or click one of the suggested questions.'],
  ['Check the sources', 'Answers cite the transcripts and slides, like [p. 3] or [12:34]. Click a citation to read the passage.'],
  ['Take it with you', 'Generate key takeaways, then copy them, export them as a file or email them to yourself.'],
];

/** The first-visit instructions, reopened by the help button. */
export function HowToUseDialog({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onDismiss()}
      title="How to Use"
      description="Get answers from the conference sessions in four steps."
    >
      <ol className="grid gap-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sky-800 text-sm font-bold text-white"
            >
              {i + 1}
            </span>
            <div>
              <p className="text-sm font-semibold text-slate-900">{title}</p>
              <p className="text-sm text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex justify-end">
        <Button onClick={onDismiss}>Got it, let's start!</Button>
      </div>
    </Dialog>
  );
}
