/**
 * Spec 7 `PUT /wps/feedback`, alone in its module: the page's API client needs the path on the
 * first download, the rules (feedback.ts) only with the feedback page.
 */
export const FEEDBACK_PATH = '/wps/feedback';
