import { expect, type Locator } from '@playwright/test';

/** Checks of a form that several registries' page checks make. */

/** Each field is flagged invalid (aria-invalid) or not, as given; checked all at once. */
export async function expectFlagged(fields: Map<Locator, boolean>): Promise<void> {
  await Promise.all(
    [...fields].map(([box, invalid]) =>
      invalid
        ? // Flagged, and its message read out with it (linked by aria-describedby).
          Promise.all([
            expect(box).toHaveAttribute('aria-invalid', 'true'),
            expect(box).toHaveAccessibleDescription(/\S/),
          ])
        : expect(box).not.toHaveAttribute('aria-invalid'),
    ),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form shows the message of error `shown` (none for null), and none of the others. */
export async function expectFormError(
  form: Locator,
  texts: Record<string, string>,
  shown: string | null,
): Promise<void> {
  const others = Object.entries(texts)
    .filter(([code]) => code !== shown)
    .map(([, text]) => escapeRegExp(text));
  await Promise.all([
    expect(form.getByRole('alert').filter({ hasText: new RegExp(others.join('|')) })).toHaveCount(
      0,
    ),
    shown === null
      ? Promise.resolve()
      : expect(form.getByRole('alert').filter({ hasText: texts[shown]! })).toBeVisible(),
  ]);
}
