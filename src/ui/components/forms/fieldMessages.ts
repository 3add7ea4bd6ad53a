import type { TFunction } from 'i18next';
import { type FieldProblem, lengthText } from '../../../shared/fieldRules';

/**
 * The message for a field problem (spec 5): by the rule's patternId, with (min)-(max) filled
 * (one number when equal). A required field left empty shows the same text.
 */
export function fieldMessage(
  t: TFunction,
  problem: FieldProblem | 'inconsistent' | 'terms' | 'age' | string,
): string {
  if (problem === 'inconsistent') return t('pattern.inconsistent');
  if (problem === 'terms' || problem === 'age') return t('auth.termsRequired');
  if (typeof problem === 'string')
    return t(`errors.${problem}`, { defaultValue: t('errors.field_invalid') });
  const range = lengthText(problem.min, problem.max);
  return t(`pattern.${problem.patternId}`, { range, defaultValue: t('pattern.LENGTH', { range }) });
}
