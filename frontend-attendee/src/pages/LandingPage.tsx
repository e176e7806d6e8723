import { Link } from 'react-router-dom';
import { ConferenceBanner } from '@/components/ConferenceBanner';
import { PRODUCT_NAME } from '@/constants';
import { conferenceYear, dateRangeLabel } from '@/lib/conferenceDates';
import type { Conference } from '@/lib/types';
import { useConference } from '@/lib/useConference';

const features = [
  {
    title: 'AI-Powered Chat',
    text: 'Ask questions in plain language and get answers drawn from the session transcripts and slides, with citations.',
    icon: 'M4 5h16v10H8l-4 4z',
  },
  {
    title: 'Document Upload',
    text: 'Session transcripts and PDFs are uploaded by the organizers and processed so every answer is grounded in them.',
    icon: 'M12 3v12m0-12 4 4m-4-4-4 4M4 17v3h16v-3',
  },
  {
    title: 'Key Takeaways',
    text: 'Generate the key takeaways of selected sessions or the whole conference, then copy, export or email them.',
    icon: 'M5 12l4 4 10-10',
  },
  {
    title: 'Smart Search',
    text: 'Semantic search across all conference materials finds the passage you need, with its page or timestamp.',
    icon: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm5 12 4 4',
  },
];

const benefits = [
  'Catch up on sessions you could not attend',
  'Find exactly what a speaker said, with a citation to the page or minute',
  'Share concise takeaways with your team by email or file',
  'Focus on the sessions that matter to you, or ask across all of them',
];

function GetStarted({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/auth"
      className={`inline-flex h-12 items-center rounded-md bg-amber-400 px-6 text-base font-semibold text-slate-950 hover:bg-amber-300 ${className}`}
    >
      Get Started
    </Link>
  );
}

/** A grey bar where a conference setting will show, while the settings load. */
function Placeholder({ className }: { className: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-slate-200 align-middle ${className}`} />;
}

/** The conference's name, then its dates and place; placeholders until the settings arrive. */
function ConferenceLines({ conference }: { conference?: Conference }) {
  if (!conference) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading the conference…</span>
        <Placeholder className="h-4 w-64" />
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-5xl">Your AI guide to every conference session</h1>
        <p className="mt-4">
          <Placeholder className="h-6 w-56" />
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-sky-800 uppercase">{conference.name}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-5xl">Your AI guide to every conference session</h1>
      <p className="mt-4 text-lg text-slate-700">
        <span className="font-semibold">{dateRangeLabel(conference)}</span> · <span className="font-semibold">{conference.venue}</span>
      </p>
    </>
  );
}

/** The opening: the conference, its dates and place, what the assistant does, 'Get Started' and the banner. */
function Hero({ conference }: { conference?: Conference }) {
  return (
    <section className="bg-gradient-to-b from-sky-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 lg:grid-cols-2 lg:py-20">
        <div>
          <ConferenceLines conference={conference} />
          <p className="mt-4 text-slate-700">
            Ask questions about the talks, panels and workshops, get answers with citations to the transcripts and slides, and take the key
            insights home.
          </p>
          <GetStarted className="mt-8" />
        </div>
        <ConferenceBanner conference={conference} />
      </div>
    </section>
  );
}

/** 'What you can do': the four features, each with its icon. */
function Features() {
  return (
    <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="features" className="text-2xl font-bold text-slate-900">
        What you can do
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((f) => (
          <li key={f.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="h-8 w-8 fill-none stroke-sky-800"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={f.icon} />
            </svg>
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Why attendees use it': the benefits, each ticked. */
function Benefits() {
  return (
    <section aria-labelledby="benefits" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="benefits" className="text-2xl font-bold text-slate-900">
          Why attendees use it
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {benefits.map((b) => (
            <li key={b} className="flex gap-3 text-slate-800">
              <span aria-hidden="true" className="font-bold text-emerald-700">
                ✓
              </span>
              {b}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The footer crediting the provider, for the conference of the settings. */
function Footer({ conference }: { conference?: Conference }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm">
        {conference ? `© ${conferenceYear(conference)} ${PRODUCT_NAME} for the ${conference.name}.` : `© ${PRODUCT_NAME}.`} Provided by the
        conference organizers; answers generated by AI from the session materials.
      </div>
    </footer>
  );
}

/** The landing page (/, /landing, /lander for signed-out visitors). */
export default function LandingPage() {
  const { data: conference } = useConference();
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <span className="text-lg font-bold text-sky-900">{PRODUCT_NAME}</span>
          <Link to="/auth" className="rounded-md px-3 py-2 text-sm font-medium text-sky-900 hover:bg-sky-50">
            Sign in
          </Link>
        </div>
      </header>
      <main>
        <Hero conference={conference} />

        <Features />

        <Benefits />

        <section className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Ready to make the most of the conference?</h2>
          <p className="mt-2 text-slate-700">Sign in with your email address: no password needed.</p>
          <GetStarted className="mt-6" />
        </section>
      </main>
      <Footer conference={conference} />
    </div>
  );
}
