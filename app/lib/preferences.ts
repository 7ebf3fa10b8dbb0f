/** §2/§9: the sidebar's open state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_MAX_AGE = 604800;
