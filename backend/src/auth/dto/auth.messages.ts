/** User-facing texts of the auth routes (PRODUCT.md §2, docs/API.md "Auth"). */
export const QUICK_LOGIN_FORBIDDEN_MESSAGE = 'Quick login is not available in production.';
export const SIGN_IN_LINK_REQUESTED_MESSAGE =
  'If this address belongs to an administrator, a sign-in link is on its way. It expires in 15 minutes.';
export const INVALID_LINK_MESSAGE = 'This sign-in link is invalid, used or expired. Ask for a new one below.';
