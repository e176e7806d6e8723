import { UserList } from './UserList';

/** Users with chat histories (GET /api/admin/users/chat-history): the Chat History tab. */
export default { list: UserList };
