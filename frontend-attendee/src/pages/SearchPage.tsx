import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { FullPageSpinner, Spinner } from '@/components/ui/Spinner';
import { PRODUCT_NAME } from '@/constants';
import { SearchResults } from '@/features/search/SearchResults';
import { useSearch } from '@/features/search/useSearch';
import { useSessions } from '@/features/sessions/useSessions';
import { serverMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import type { Session } from '@/lib/types';
import { useUnauthorizedRedirect } from '@/features/auth/useUnauthorizedRedirect';

interface SearchFormProps {
  text: string;
  onTextChange: (text: string) => void;
  sessionId: string;
  onSessionChange: (sessionId: string) => void;
  sessions: Session[];
  onSubmit: (e: FormEvent) => void;
}

/** The search form: 'Search for', the session to search in (or all) and 'Search'. */
function SearchForm({ text, onTextChange, sessionId, onSessionChange, sessions, onSubmit }: SearchFormProps) {
  const queryId = useId();
  const sessionFieldId = useId();
  return (
    <form role="search" onSubmit={onSubmit} className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end">
      <div className="grid min-w-0 gap-1">
        <label htmlFor={queryId} className="text-sm font-medium text-slate-800">
          Search for
        </label>
        <input
          id={queryId}
          type="search"
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          placeholder="e.g. residual value risk"
          className="h-10 rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      <div className="grid min-w-0 gap-1">
        <label htmlFor={sessionFieldId} className="text-sm font-medium text-slate-800">
          Session
        </label>
        <select
          id={sessionFieldId}
          value={sessionId}
          onChange={(e) => onSessionChange(e.target.value)}
          className="h-10 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">All sessions</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="justify-center">
        Search
      </Button>
    </form>
  );
}

/** What the search gave for `q`: a prompt to type, the spinner, the failure, the passages or none. */
function SearchOutcome({ q, search }: { q: string; search: ReturnType<typeof useSearch> }) {
  return (
    <>
      {!q ? (
        <p className="text-sm text-slate-700">Type a few words to search every session's materials.</p>
      ) : search.isLoading ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> Searching...
        </p>
      ) : search.isError ? (
        <p className="text-sm text-red-800">Search failed: {serverMessage(search.error) || 'please try again.'}</p>
      ) : search.data && search.data.results.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-slate-700">
            {search.data.results.length} passage{search.data.results.length === 1 ? '' : 's'} for “{q}”
          </p>
          <SearchResults results={search.data.results} />
        </>
      ) : (
        <p className="text-sm text-slate-700">No passages found for “{q}”.</p>
      )}
    </>
  );
}

function SearchScreen() {
  useUnauthorizedRedirect('/auth');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const session = params.get('session') ?? '';
  const [text, setText] = useState(q);
  const [sessionId, setSessionId] = useState(session);
  const { data: sessions = [] } = useSessions();
  const search = useSearch(q, session ? [session] : []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (text.trim()) next.q = text.trim();
    if (sessionId) next.session = sessionId;
    setParams(next);
  };

  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between gap-2 bg-sky-900 px-4 py-2 text-white">
        <span className="truncate text-base font-bold sm:text-lg">{PRODUCT_NAME}</span>
        <Link to="/" className="shrink-0 rounded-md px-3 py-2 text-sm font-medium hover:bg-sky-800">
          Back to chat
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Search the conference materials</h1>
        <p className="mt-1 text-sm text-slate-700">Find passages in the session transcripts and slides, ranked by relevance.</p>
        <SearchForm
          text={text}
          onTextChange={setText}
          sessionId={sessionId}
          onSessionChange={setSessionId}
          sessions={sessions}
          onSubmit={onSubmit}
        />
        <div className="mt-6" aria-live="polite">
          <SearchOutcome q={q} search={search} />
        </div>
      </main>
    </div>
  );
}

/** /search: semantic search over the conference materials (signed-in attendees). */
export default function SearchPage() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/auth?error=direct_access" replace />;
  return <SearchScreen />;
}
