import { useId, useMemo } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useConference } from '@/lib/useConference';
import type { Session } from '@/lib/types';
import { sessionFormatLabel } from '@rules/session-format';
import { allSelected, documentBadge, groupByDay, isSelectable, matchesSearch, speakersLabel, timeLabel, visibleTags } from './sessionRules';
import { calendarHref, plannedCalendarHref } from './SessionEntry';
import { useSessions } from './useSessions';

/** The selector's search text and toggle, kept by the page so they survive closing the slide-over. */
export interface SessionView {
  search: string;
  includeAll: boolean;
}

interface Props {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  view: SessionView;
  onViewChange: (next: SessionView) => void;
}

/** A session's format, documents, speakers, time and place, and tags (the checkbox's description). */
function SessionFacts({ session, detailsId }: { session: Session; detailsId: string }) {
  const tags = visibleTags(session.tags);
  const docs = documentBadge(session.documentTypes);
  return (
    <div id={detailsId} className="mt-1 grid gap-1 text-xs text-slate-700">
      <div className="flex flex-wrap gap-1">
        <Badge tone="violet">{sessionFormatLabel(session.format)}</Badge>
        <Badge tone={docs === 'No documents' ? 'slate' : 'emerald'}>{docs}</Badge>
      </div>
      {session.speakers.length > 0 && <p>{speakersLabel(session.speakers)}</p>}
      {(session.startTime || session.location) && (
        <p>
          {timeLabel(session)}
          {session.startTime && session.location ? ' · ' : ''}
          {session.location}
        </p>
      )}
      {tags.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {tags.map((t) => (
            <Badge key={t} tone="sky">
              {t}
            </Badge>
          ))}
        </div>
      )}
    </div>
  );
}

/** 'About this session': the description and 'Add to calendar', when there is either. */
function SessionAbout({ session }: { session: Session }) {
  if (!(session.description?.trim() || session.startTime || session.date)) return null;
  return (
    <details className="mt-1 text-xs text-slate-800">
      <summary className="cursor-pointer font-medium text-sky-800">About this session</summary>
      {session.description?.trim() && <p className="mt-1 max-h-48 overflow-y-auto whitespace-pre-line">{session.description}</p>}
      {(session.startTime || session.date) && (
        <a href={calendarHref(session.id)} download className="mt-1 inline-block font-medium text-sky-800 underline">
          Add to calendar
        </a>
      )}
    </details>
  );
}

function SessionItem({ session, checked, onToggle }: { session: Session; checked: boolean; onToggle: () => void }) {
  const id = useId();
  const disabled = !isSelectable(session);
  return (
    <li
      className={cn(
        'rounded-lg border p-3 transition-colors',
        checked ? 'border-sky-400 bg-sky-50' : 'border-slate-200 bg-white',
        disabled && 'opacity-60',
      )}
      data-testid="session-item"
    >
      <div className="flex gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 accent-sky-700"
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          aria-describedby={`${id}-details`}
        />
        <div className="min-w-0 flex-1">
          <label
            htmlFor={id}
            className={cn('block text-sm font-semibold text-slate-900', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}
          >
            {session.title}
          </label>
          <SessionFacts session={session} detailsId={`${id}-details`} />
          <SessionAbout session={session} />
        </div>
      </div>
    </li>
  );
}

interface ToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  /** Every selectable session in view is selected ('Select all' checked). */
  everySelected: boolean;
  /** Some session in view can be selected. */
  canSelect: boolean;
  onToggleAll: () => void;
  includeAll: boolean;
  onToggleIncludeAll: () => void;
  selected: ReadonlySet<string>;
}

/** Over the list: the search box, 'Select all', 'Show All Sessions', the selection count and its calendar link. */
function SelectorToolbar({
  search,
  onSearch,
  everySelected,
  canSelect,
  onToggleAll,
  includeAll,
  onToggleIncludeAll,
  selected,
}: ToolbarProps) {
  const searchId = useId();
  return (
    <div className="grid gap-2 border-b border-slate-200 p-3">
      <label htmlFor={searchId} className="sr-only">
        Search sessions by title or speaker
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search sessions or speakers..."
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        className="h-10 rounded-md border border-slate-300 px-3 text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4 accent-sky-700" checked={everySelected} onChange={onToggleAll} disabled={!canSelect} />
          Select all
        </label>
        <Button variant="ghost" size="sm" onClick={onToggleIncludeAll} aria-pressed={includeAll}>
          {includeAll ? 'Hide Sessions Without Content' : 'Show All Sessions'}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-700" aria-live="polite">
          {selected.size > 0 ? `${selected.size} selected` : 'No session selected: questions use all sessions'}
        </p>
        {selected.size > 0 && (
          <a href={plannedCalendarHref([...selected])} download className="text-xs font-medium text-sky-800 underline">
            Add selected to calendar
          </a>
        )}
      </div>
    </div>
  );
}

/** The sessions by day, the headings named after the conference's own days once its settings are known. */
function useDayGroups(sessions: Session[]) {
  const conference = useConference().data;
  return useMemo(() => groupByDay(sessions, conference), [sessions, conference]);
}

/** Chooses the sessions the chat and takeaways are limited to. */
export function SessionSelector({ selected, onChange, view, onViewChange }: Props) {
  const { search, includeAll } = view;
  const setSearch = (value: string) => onViewChange({ ...view, search: value });
  const { data: sessions = [], isLoading, isError } = useSessions(includeAll);

  const visible = useMemo(() => sessions.filter((s) => matchesSearch(s, search)), [sessions, search]);
  const groups = useDayGroups(visible);
  const everySelected = allSelected(visible, selected);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const s of visible.filter(isSelectable)) {
      if (everySelected) next.delete(s.id);
      else next.add(s.id);
    }
    onChange(next);
  };

  return (
    <div className="flex h-full flex-col">
      <SelectorToolbar
        search={search}
        onSearch={setSearch}
        everySelected={everySelected}
        canSelect={visible.some(isSelectable)}
        onToggleAll={toggleAll}
        includeAll={includeAll}
        onToggleIncludeAll={() => onViewChange({ ...view, includeAll: !includeAll })}
        selected={selected}
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {isLoading ? (
          <div className="flex justify-center p-6">
            <Spinner label="Loading sessions" />
          </div>
        ) : isError ? (
          <p className="p-3 text-sm text-red-800">Failed to load sessions.</p>
        ) : visible.length === 0 ? (
          <p className="p-3 text-sm text-slate-700">
            {search.trim() ? 'No sessions found matching your search.' : 'No sessions available.'}
          </p>
        ) : (
          groups.map((g) => (
            <section key={g.label} aria-label={g.label} className="mb-4">
              <h3 className="mb-2 text-xs font-bold tracking-wide text-slate-700 uppercase">{g.label}</h3>
              <ul className="grid gap-2">
                {g.sessions.map((s) => (
                  <SessionItem key={s.id} session={s} checked={selected.has(s.id)} onToggle={() => toggle(s.id)} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </div>
  );
}
