/**
 * With the development tools (DEV_TOOLS=1) the answers of recent captchas are readable at
 * /wps/dev/captcha/:id, so the end-to-end tests can solve a captcha the way a person would (by
 * reading it). Bounded; never filled without the tools.
 */
const CAPACITY = 200;
const answers = new Map<string, string>();

export function rememberCaptchaAnswer(captchaId: string, answer: string): void {
  if (answers.size >= CAPACITY) {
    const oldest = answers.keys().next();
    if (!oldest.done) answers.delete(oldest.value);
  }
  answers.set(captchaId, answer);
}

export function captchaAnswer(captchaId: string): string | null {
  return answers.get(captchaId) ?? null;
}
