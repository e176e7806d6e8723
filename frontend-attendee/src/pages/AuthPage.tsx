import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { dismissToast, toast } from '@/components/ui/toast-store';
import {
  MSG_INVALID_EMAIL_TITLE,
  MSG_LOGIN_FAILED_DEFAULT,
  MSG_LOGIN_FAILED_TITLE,
  POST_LOGIN_REDIRECT_DELAY_MS,
  PRODUCT_NAME,
} from '@/constants';
import { errorQueryToast, loginWithFallback, validateLogin, type LoginForm } from '@/features/auth/login';
import { serverMessage } from '@/lib/api';
import { dateRangeLabel } from '@/lib/conferenceDates';
import { useConference } from '@/lib/useConference';
import { USER_QUERY_KEY } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

/** 'Sign in to the conference assistant for {name} ({dates}, {venue})', the conference named once its settings are known. */
function SignInIntro() {
  const { data: conference } = useConference();
  return (
    <p className="mt-1 text-sm text-slate-700" aria-busy={!conference}>
      Sign in to the conference assistant
      {conference && ` for ${conference.name} (${dateRangeLabel(conference)}, ${conference.venue})`}. No password needed.
    </p>
  );
}

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

type FieldErrors = Partial<Record<keyof LoginForm, string>>;

/** The fields' error marks: `mark` marks the one field a refusal or a failed check is about, and focuses it. */
function useFieldMarks() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const mark = (field: 'email' | 'firstName', message: string | undefined) => {
    setErrors({ [field]: message });
    (field === 'email' ? emailRef : firstNameRef).current?.focus();
  };
  return { errors, setErrors, mark, emailRef, firstNameRef };
}

/** An `error` query shows 'Redirected to Login', then the query string is cleared. */
function useErrorQueryToast() {
  const [params, setParams] = useSearchParams();
  const errorParam = params.get('error');
  useEffect(() => {
    if (errorParam === null) return;
    toast(errorQueryToast(errorParam));
    setParams({}, { replace: true });
  }, [errorParam, setParams]);
}

/**
 * The sign-in request: once signed in the app opens after POST_LOGIN_REDIRECT_DELAY_MS; a refusal is
 * toasted, and marks its field (email, first name) or is said under the form.
 */
function useLogin(mark: (field: 'email' | 'firstName', message: string | undefined) => void, setFormError: (message: string) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [signedIn, setSignedIn] = useState(false);
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
      if (field) mark(field, description);
      else setFormError(description);
    },
  });
  return { login, signedIn };
}

interface LoginFieldsProps {
  form: LoginForm;
  errors: FieldErrors;
  onChange: (name: keyof LoginForm, value: string) => void;
  firstNameRef: Ref<HTMLInputElement>;
  emailRef: Ref<HTMLInputElement>;
}

/** The sign-in fields: first name and email required, last name and company optional. */
function LoginFields({ form, errors, onChange, firstNameRef, emailRef }: LoginFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** /auth: the sign-in screen. */
export default function AuthPage() {
  const { isAuthenticated, isLoading } = useAuth();
  useErrorQueryToast();
  const [form, setForm] = useState<LoginForm>({ firstName: '', lastName: '', email: '', company: '' });
  const [formError, setFormError] = useState('');
  const marks = useFieldMarks();
  const { login, signedIn } = useLogin(marks.mark, setFormError);

  if (isLoading) return <FullPageSpinner />;
  if (isAuthenticated && !signedIn) return <Navigate to="/" replace />;

  const onChange = (name: keyof LoginForm, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (marks.errors[name]) marks.setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending || signedIn) return;
    const problem = validateLogin(form);
    setFormError('');
    if (problem) {
      toast(problem);
      marks.mark(problem.title === MSG_INVALID_EMAIL_TITLE ? 'email' : 'firstName', problem.description);
      return;
    }
    marks.setErrors({});
    login.mutate(form);
  };
  const pending = login.isPending || signedIn;

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-sky-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{PRODUCT_NAME}</h1>
        <SignInIntro />
        <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Sign in">
          <LoginFields form={form} errors={marks.errors} onChange={onChange} firstNameRef={marks.firstNameRef} emailRef={marks.emailRef} />
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
