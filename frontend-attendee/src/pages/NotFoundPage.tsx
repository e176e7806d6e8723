import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist.</p>
      <Link to="/" className="rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white hover:bg-sky-900">
        Go to the home page
      </Link>
    </main>
  );
}
