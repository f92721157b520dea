/** The page recorded for an address the app has no page for (one page in Reporting, not each address). */
export const NOT_FOUND_PAGE = '/not-found';
