import CloseIcon from '@mui/icons-material/Close';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useGetList } from 'react-admin';
import { RichContent } from '@/components/RichContent';
import { formatZonedDateTime, personName } from '@/lib/format';
import { errorText } from '@/lib/http';
import type { ChatMessage, ChatThread, UserChatSummary } from '@/lib/types';
import { useConferenceTimeZone } from '@/lib/useConference';

function MessageBubble({ message, timeZone }: { message: ChatMessage; timeZone: string }) {
  const isUser = message.role === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: isUser ? 'flex-end' : 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          maxWidth: '85%',
          bgcolor: isUser ? 'primary.50' : 'background.paper',
          borderColor: isUser ? 'primary.light' : 'divider',
        }}
        data-role={message.role}
      >
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          {isUser ? 'User' : 'Assistant'} · {formatZonedDateTime(message.createdAt, timeZone)}
        </Typography>
        {isUser ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Typography>
        ) : (
          <RichContent content={message.content} />
        )}
        {!!message.sources?.length && (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Sources">
            {message.sources.map((s, i) => (
              <Chip
                key={i}
                size="small"
                variant="outlined"
                label={[s.sessionTitle, s.marker].filter(Boolean).join(' ') || 'Source'}
                title={s.snippet}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

function ThreadView({ thread, index, timeZone }: { thread: ChatThread; index: number; timeZone: string }) {
  return (
    <Accordion defaultExpanded={index === 0} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>Conversation started {formatZonedDateTime(thread.createdAt, timeZone)}</Typography>
          <Chip size="small" label={`${thread.messages.length} messages`} />
          <Chip
            size="small"
            variant="outlined"
            label={thread.sessionFilter.length ? `${thread.sessionFilter.length} sessions selected` : 'All sessions'}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {thread.messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No messages in this conversation.
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {thread.messages.map((m) => (
              <MessageBubble key={m.id} message={m} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** PRODUCT.md §2 'View Chats': a user's threads and messages (GET /api/admin/users/{userId}/chats). */
export function UserChatsDialog({ user, onClose }: { user: UserChatSummary | null; onClose: () => void }) {
  const timeZone = useConferenceTimeZone();
  const { data, isPending, error } = useGetList<ChatThread>(
    'chats',
    { filter: { userId: user?.userId }, pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: !!user },
  );
  return (
    <Dialog open={!!user} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="chats-dialog-title">
      <DialogTitle id="chats-dialog-title" sx={{ pr: 6 }}>
        Chats of {user ? personName(user) : ''}
        {user && (
          <Typography variant="body2" color="text.secondary">
            {user.email}
            {user.company ? ` · ${user.company}` : ''}
          </Typography>
        )}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label="Loading chats" />
          </Box>
        ) : error ? (
          <Alert severity="error">{errorText(error) || 'Failed to load chats'}</Alert>
        ) : !data?.length ? (
          <Typography color="text.secondary">No conversations yet.</Typography>
        ) : (
          <Stack spacing={1}>
            {data.map((t, i) => (
              <ThreadView key={t.id} thread={t} index={i} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
