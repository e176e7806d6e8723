export const USER_NOT_FOUND_MESSAGE = 'User not found.';
export const INVALID_USER_ID_MESSAGE = 'The user id is not valid.';
