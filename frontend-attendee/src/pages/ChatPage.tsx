import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { Sheet } from '@/components/ui/Sheet';
import { PRODUCT_NAME } from '@/constants';
import { ChatArea } from '@/features/chat/ChatArea';
import { useChatThread } from '@/features/chat/useChatThread';
import { HowToUseDialog } from '@/features/help/HowToUseDialog';
import { hasSeenInstructions, markInstructionsSeen, removeOldRegistrationFlag } from '@/features/help/instructions';
import { SessionSelector } from '@/features/sessions/SessionSelector';
import { useKeptSelection } from '@/features/sessions/useKeptSelection';
import { useSessionView } from '@/features/sessions/useSessionView';
import { TakeawaysPanel, useTakeawaysState } from '@/features/takeaways/TakeawaysPanel';
import { welcomeName } from '@/lib/format';
import type { User } from '@/lib/types';
import { useConference } from '@/lib/useConference';
import { LARGE_SCREEN, useMediaQuery } from '@/lib/useMediaQuery';
import { useUnauthorizedRedirect } from '@/features/auth/useUnauthorizedRedirect';

type Panel = 'sessions' | 'takeaways';

/** Whether the how-to is open; on the first visit it opens once the page has painted (its own, smaller commit). */
function useFirstVisitHelp() {
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    if (hasSeenInstructions()) return;
    const frame = requestAnimationFrame(() => setHelpOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return [helpOpen, setHelpOpen] as const;
}

/** The keyboard users' first stop: 'Skip to the question box'. */
function SkipToQuestion() {
  return (
    <a
      href="#chat-question"
      className="sr-only z-[60] rounded bg-white px-3 py-2 text-sm font-medium text-sky-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-sky-600"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('chat-question')?.focus();
      }}
    >
      Skip to the question box
    </a>
  );
}

/** The page's bar: the product, the welcome, and 'Search', 'Help', 'Logout'. */
function PageHeader({ user, onHelp }: { user: User; onHelp: () => void }) {
  const { data: conference } = useConference();
  return (
    <header className="flex items-center justify-between gap-2 bg-sky-900 px-3 py-1.5 text-white sm:px-4 sm:py-2">
      <div className="min-w-0">
        <div className="flex items-baseline gap-2">
          <h1 className="text-sm leading-tight font-bold whitespace-nowrap sm:text-lg">{PRODUCT_NAME}</h1>
          {conference && (
            <span className="truncate text-xs font-medium text-sky-100 sm:text-sm" title={conference.name}>
              {conference.shortName}
            </span>
          )}
        </div>
        <p className="truncate text-xs text-sky-100 sm:text-sm">Welcome, {welcomeName(user)}</p>
      </div>
      <nav aria-label="Account" className="flex shrink-0 items-center sm:gap-1">
        <Link to="/search" className="rounded-md px-1.5 py-2 text-xs font-medium text-white hover:bg-sky-800 sm:px-3 sm:text-sm">
          Search
        </Link>
        <Button variant="ghost" size="sm" className="px-1.5 text-xs text-white hover:bg-sky-800 sm:px-3 sm:text-sm" onClick={onHelp}>
          <span aria-hidden="true" className="hidden sm:inline">
            ?
          </span>{' '}
          Help
        </Button>
        <Link to="/logout" className="rounded-md px-1.5 py-2 text-xs font-medium text-white hover:bg-sky-800 sm:px-3 sm:text-sm">
          Logout
        </Link>
      </nav>
    </header>
  );
}

/** Below lg: the buttons that open the sessions and takeaways slide-overs. */
function PanelBar({ selectedCount, onOpen }: { selectedCount: number; onOpen: (panel: Panel) => void }) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1.5">
      <Button variant="outline" size="sm" onClick={() => onOpen('sessions')}>
        Select Sessions
        <span className="rounded-full bg-sky-800 px-2 text-xs text-white" aria-label={`${selectedCount} selected`}>
          {selectedCount}
        </span>
      </Button>
      <Button variant="outline" size="sm" onClick={() => onOpen('takeaways')}>
        Takeaways
      </Button>
    </div>
  );
}

/** The main chat page: sessions (left), chat (centre), takeaways (right); slide-overs below lg. */
export default function ChatPage({ user }: { user: User }) {
  useUnauthorizedRedirect('/auth');
  const [selected, setSelected] = useKeptSelection(user.id);
  const selectedIds = useMemo(() => [...selected], [selected]);
  const { threadId, restart, open: openThread } = useChatThread(user.id, selectedIds);
  const [helpOpen, setHelpOpen] = useFirstVisitHelp();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [sessionView, setSessionView] = useSessionView();
  const [takeawaysState, setTakeawaysState] = useTakeawaysState(user.id);
  const isLarge = useMediaQuery(LARGE_SCREEN);

  useEffect(() => removeOldRegistrationFlag(), []);

  const dismissHelp = () => {
    markInstructionsSeen();
    setHelpOpen(false);
  };

  const sessions = <SessionSelector selected={selected} onChange={setSelected} view={sessionView} onViewChange={setSessionView} />;
  const takeaways = (
    <TakeawaysPanel selectedIds={selectedIds} userEmail={user.email} state={takeawaysState} onStateChange={setTakeawaysState} />
  );

  return (
    <div className="flex h-dvh flex-col">
      <SkipToQuestion />
      <PageHeader user={user} onHelp={() => setHelpOpen(true)} />

      {!isLarge && <PanelBar selectedCount={selected.size} onOpen={setPanel} />}

      <main className="grid min-h-0 flex-1 lg:grid-cols-[20rem_minmax(0,1fr)_22rem]">
        {isLarge && (
          <aside aria-labelledby="sessions-title" className="flex min-h-0 min-w-0 flex-col border-r border-slate-200 bg-white">
            <h2 id="sessions-title" className="border-b border-slate-200 px-3 pt-3 pb-2 text-base font-semibold text-slate-900">
              Select Sessions
            </h2>
            <div className="min-h-0 flex-1">{sessions}</div>
          </aside>
        )}
        <ChatArea threadId={threadId} restartThread={restart} openThread={openThread} selectedIds={selectedIds} userEmail={user.email} />
        {isLarge && (
          <aside aria-label="Takeaways" className="min-h-0 min-w-0 overflow-hidden border-l border-slate-200 bg-white">
            {takeaways}
          </aside>
        )}
      </main>

      {!isLarge && (
        <>
          <Sheet open={panel === 'sessions'} onOpenChange={(o) => setPanel(o ? 'sessions' : null)} side="left" title="Select Sessions">
            {sessions}
          </Sheet>
          <Sheet open={panel === 'takeaways'} onOpenChange={(o) => setPanel(o ? 'takeaways' : null)} side="right" title="Takeaways">
            {takeaways}
          </Sheet>
        </>
      )}
      <HowToUseDialog open={helpOpen} onDismiss={dismissHelp} />
    </div>
  );
}
