import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast-store';
import { MSG_EMAIL_FAILED_TITLE, MSG_INVALID_EMAIL_DIALOG, MSG_INVALID_EMAIL_TITLE, MSG_NO_ACTIVE_CHAT } from '@/constants';
import { emailChatHistory, serverMessage } from '@/lib/api';
import { EMAIL_PATTERN } from '@/lib/format';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  threadId: string | null;
  defaultEmail: string;
}

/**
 * 'Email Chat History': sends the current thread to a recipient. Toasts (PRODUCT.md §8): success
 * 'Email Sent: Successfully sent to {email}' (title 'Email Sent', then the text), failure 'Email Failed'
 * with the server message or 'Failed to send email'.
 */
export function EmailChatDialog({ open, onOpenChange, threadId, defaultEmail }: Props) {
  const [email, setEmail] = useState(defaultEmail);
  const inputId = useId();
  // Back to the signed-in address each time the dialog opens (state adjusted during render, not in an effect).
  const [shown, setShown] = useState({ open, defaultEmail });
  if (shown.open !== open || shown.defaultEmail !== defaultEmail) {
    setShown({ open, defaultEmail });
    if (open) setEmail(defaultEmail);
  }

  const send = useMutation({
    mutationFn: (vars: { threadId: string; recipientEmail: string }) => emailChatHistory(vars),
    onSuccess: (_data, vars) => {
      toast({ title: 'Email Sent', description: `Successfully sent to ${vars.recipientEmail}`, variant: 'success' });
      onOpenChange(false);
    },
    onError: (error) => {
      toast({ title: MSG_EMAIL_FAILED_TITLE, description: serverMessage(error) || 'Failed to send email', variant: 'destructive' });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const recipientEmail = email.trim();
    if (!recipientEmail || !EMAIL_PATTERN.test(recipientEmail)) {
      toast({ title: MSG_INVALID_EMAIL_TITLE, description: MSG_INVALID_EMAIL_DIALOG, variant: 'destructive' });
      return;
    }
    if (!threadId) {
      toast({ title: MSG_EMAIL_FAILED_TITLE, description: MSG_NO_ACTIVE_CHAT, variant: 'destructive' });
      return;
    }
    send.mutate({ threadId, recipientEmail });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Email Chat History" description="Send this conversation to an email address.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Recipient email
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="h-10 rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
