import { SessionList } from './SessionList';

/**
 * The sessions resource. Create and edit are dialogs opened from the list (PRODUCT.md §2), so the
 * resource registers only its list; `SessionCreate` and `SessionEdit` are those dialogs.
 */
export default { list: SessionList };
export { SessionCreate } from './SessionCreate';
export { SessionEdit } from './SessionEdit';
export { SessionInputs } from './SessionInputs';
