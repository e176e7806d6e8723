import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { dismissToast, toast } from '@/components/ui/toast-store';
import {
  CONFERENCE_DATES,
  CONFERENCE_LOCATION,
  MSG_INVALID_EMAIL_TITLE,
  MSG_LOGIN_FAILED_DEFAULT,
  MSG_LOGIN_FAILED_TITLE,
  POST_LOGIN_REDIRECT_DELAY_MS,
  PRODUCT_NAME,
} from '@/constants';
import { errorQueryToast, loginWithFallback, validateLogin, type LoginForm } from '@/features/auth/login';
import { serverMessage } from '@/lib/api';
import { useAuth, USER_QUERY_KEY } from '@/lib/auth';
import { cn } from '@/lib/cn';

function Field({
  label,
  name,
  type = 'text',
  required,
  autoComplete,
  value,
  onChange,
  error,
  inputRef,
}: {
  label: string;
  name: keyof LoginForm;
  type?: string;
  required?: boolean;
  autoComplete: string;
  value: string;
  onChange: (name: keyof LoginForm, value: string) => void;
  /** Shown under the field, which is marked invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        ref={inputRef}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
        className={cn(
          'h-11 rounded-md border bg-white px-3 text-base text-slate-900 focus:border-sky-700',
          error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-300',
        )}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** /auth: the sign-in screen. */
export default function AuthPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LoginForm>({ firstName: '', lastName: '', email: '', company: '' });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [signedIn, setSignedIn] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});
  const [formError, setFormError] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);

  // An `error` query shows 'Redirected to Login', then the query string is cleared.
  const errorParam = params.get('error');
  useEffect(() => {
    if (errorParam === null) return;
    toast(errorQueryToast(errorParam));
    setParams({}, { replace: true });
  }, [errorParam, setParams]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const login = useMutation({
    mutationFn: loginWithFallback,
    onSuccess: (data) => {
      setSignedIn(true);
      setFormError('');
      // A toast about the sign-in form (a refused attempt, 'Redirected to Login') does not follow into the app.
      dismissToast();
      redirectTimer.current = setTimeout(() => {
        queryClient.setQueryData(USER_QUERY_KEY, data.user);
        navigate('/', { replace: true });
      }, POST_LOGIN_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      const description = serverMessage(error) || MSG_LOGIN_FAILED_DEFAULT;
      toast({ title: MSG_LOGIN_FAILED_TITLE, description, variant: 'destructive' });
      // A refusal about one field marks that field; anything else is said under the form.
      const field = /e-?mail/i.test(description) ? 'email' : /first\s*name/i.test(description) ? 'firstName' : null;
      if (field) {
        setErrors({ [field]: description });
        (field === 'email' ? emailRef : firstNameRef).current?.focus();
      } else setFormError(description);
    },
  });

  if (isLoading) return <FullPageSpinner />;
  if (isAuthenticated && !signedIn) return <Navigate to="/" replace />;

  const onChange = (name: keyof LoginForm, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending || signedIn) return;
    const problem = validateLogin(form);
    setFormError('');
    if (problem) {
      toast(problem);
      const field = problem.title === MSG_INVALID_EMAIL_TITLE ? 'email' : 'firstName';
      setErrors({ [field]: problem.description });
      (field === 'email' ? emailRef : firstNameRef).current?.focus();
      return;
    }
    setErrors({});
    login.mutate(form);
  };
  const pending = login.isPending || signedIn;

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-sky-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{PRODUCT_NAME}</h1>
        <p className="mt-1 text-sm text-slate-700">
          Sign in to the conference assistant ({CONFERENCE_DATES}, {CONFERENCE_LOCATION}). No password needed.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Sign in">
          <Field
            label="First Name"
            name="firstName"
            required
            autoComplete="given-name"
            value={form.firstName}
            onChange={onChange}
            error={errors.firstName}
            inputRef={firstNameRef}
          />
          <Field label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={onChange} />
          <Field
            label="Email Address"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={form.email}
            onChange={onChange}
            error={errors.email}
            inputRef={emailRef}
          />
          <Field label="Company/Organization" name="company" autoComplete="organization" value={form.company} onChange={onChange} />
          <Button type="submit" size="lg" className="w-full justify-center" disabled={pending}>
            {pending ? 'Logging in...' : 'Continue'}
          </Button>
          {formError && (
            <p role="alert" className="text-sm text-red-800">
              {formError}
            </p>
          )}
        </form>
        <p className="mt-6 rounded-md bg-slate-50 p-3 text-xs text-slate-700">
          This application is for educational and demonstration purposes only. Answers are generated by AI from the conference materials and
          may be incomplete or inaccurate.
        </p>
      </div>
    </main>
  );
}
