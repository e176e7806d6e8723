import ChatIcon from '@mui/icons-material/Chat';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, List, NumberField, RefreshButton, SearchInput, TextField, TopToolbar } from 'react-admin';
import { formatRelativeTime, personName } from '@/lib/format';
import type { UserChatSummary } from '@/lib/types';
import { UserChatsDialog } from './UserChatsDialog';
import { ScrollRegion } from '@/components/ScrollRegion';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search users" />];

/** PRODUCT.md §2 Chat History: search users; 'View Chats' opens their threads. */
export function UserList() {
  const [viewing, setViewing] = useState<UserChatSummary | null>(null);
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        Chat History
      </Typography>
      <List
        resource="users"
        title={false}
        filters={filters}
        perPage={25}
        empty={false}
        actions={
          <TopToolbar>
            <RefreshButton />
          </TopToolbar>
        }
        disableSyncWithLocation
      >
        <ScrollRegion label="Users table">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>No users with chats found.</Typography>}>
            <FunctionField<UserChatSummary> label="User" render={(u) => personName(u)} />
            <TextField source="email" label="Email" sortable={false} />
            <TextField source="company" label="Company" sortable={false} />
            <NumberField source="threadCount" label="Conversations" sortable={false} />
            <NumberField source="messageCount" label="Messages" sortable={false} />
            <FunctionField<UserChatSummary>
              label="Last Activity"
              render={(u) => (u.lastActivity ? formatRelativeTime(u.lastActivity) : '')}
            />
            <FunctionField<UserChatSummary>
              label="Actions"
              render={(u) => (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ChatIcon />}
                  onClick={() => setViewing(u)}
                  aria-label={`View Chats of ${u.email}`}
                >
                  View Chats
                </Button>
              )}
            />
          </Datagrid>
        </ScrollRegion>
      </List>
      <UserChatsDialog user={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}
