import { ActionList } from './ActionList';

/** The activity log (GET /api/admin/users/actions): the User Actions tab. */
export default { list: ActionList };
