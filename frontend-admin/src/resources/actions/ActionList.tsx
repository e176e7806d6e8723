import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, RefreshButton, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { formatDateTime, formatRelativeTime, personName } from '@/lib/format';
import type { ActionType, UserAction } from '@/lib/types';
import { ScrollRegion } from '@/components/ScrollRegion';

/** PRODUCT.md §2 User Actions filter: All Actions (the empty choice, value 'all'), Logins, Chat Messages. */
export const ALL_ACTIONS = 'all';
export const ACTION_FILTER_CHOICES = [
  { id: 'login', name: 'Logins' },
  { id: 'chat_message', name: 'Chat Messages' },
];

const ACTION_LABEL: Record<ActionType, string> = { login: 'Login', chat_message: 'Chat Message', other: 'Other' };
const ACTION_COLOR: Record<ActionType, 'primary' | 'success' | 'default'> = { login: 'primary', chat_message: 'success', other: 'default' };

const filters = [
  <SelectInput
    key="type"
    source="type"
    label="Action type"
    choices={ACTION_FILTER_CHOICES}
    emptyText="All Actions"
    emptyValue={ALL_ACTIONS}
    alwaysOn
    sx={{ minWidth: 200 }}
  />,
  <SearchInput key="q" source="q" alwaysOn placeholder="Search actions" />,
];

/** The user's name, with the address when it differs. */
function ActionUser({ action: a }: { action: UserAction }) {
  return (
    <Stack>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {personName(a)}
      </Typography>
      {a.email && personName(a) !== a.email && (
        <Typography variant="caption" color="text.secondary">
          {a.email}
        </Typography>
      )}
    </Stack>
  );
}

/** What was done, with the chat message's first words. */
function ActionDetails({ action: a }: { action: UserAction }) {
  return (
    <Stack sx={{ maxWidth: 480 }}>
      <Typography variant="body2">{a.details}</Typography>
      {a.metadata.messagePreview && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          “{a.metadata.messagePreview}”
        </Typography>
      )}
    </Stack>
  );
}

/** The client's address and browser. */
function ActionClient({ action: a }: { action: UserAction }) {
  return (
    <Stack>
      {a.metadata.ip && <Typography variant="caption">{a.metadata.ip}</Typography>}
      {a.metadata.userAgent && (
        <Tooltip title={a.metadata.userAgent}>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: 200, display: 'block' }}>
            {a.metadata.userAgent}
          </Typography>
        </Tooltip>
      )}
    </Stack>
  );
}

/** How long ago, the exact time on hover. */
function ActionTime({ action: a }: { action: UserAction }) {
  return (
    <Tooltip title={formatDateTime(a.timestamp)}>
      <Typography variant="body2" component="span">
        {formatRelativeTime(a.timestamp)}
      </Typography>
    </Tooltip>
  );
}

/** PRODUCT.md §2 User Actions ('User Activity Log'), newest first, paged by the server. */
export function ActionList() {
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        User Activity Log
      </Typography>
      <List
        resource="actions"
        title={false}
        filters={filters}
        filterDefaultValues={{ type: ALL_ACTIONS }}
        perPage={25}
        empty={false}
        actions={
          <TopToolbar>
            <RefreshButton />
          </TopToolbar>
        }
        disableSyncWithLocation
      >
        <ScrollRegion label="User activity table">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>No activity found.</Typography>}>
            <FunctionField<UserAction> label="User" render={(a) => <ActionUser action={a} />} />
            <FunctionField<UserAction>
              label="Action"
              render={(a) => <Chip size="small" color={ACTION_COLOR[a.actionType]} label={ACTION_LABEL[a.actionType] ?? a.actionType} />}
            />
            <FunctionField<UserAction> label="Details" render={(a) => <ActionDetails action={a} />} />
            <FunctionField<UserAction> label="Client" render={(a) => <ActionClient action={a} />} />
            <FunctionField<UserAction> label="Time" render={(a) => <ActionTime action={a} />} />
          </Datagrid>
        </ScrollRegion>
      </List>
    </Box>
  );
}
