import { useState } from 'react';
import { focusField } from '../../lib/focus';

/**
 * The errors of a form that shows them on submit: `show` replaces them, and the first field (in the form's order)
 * with an error takes focus; it answers whether there was one.
 */
export function useFieldErrors<F extends string>(order: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const show = (form: HTMLFormElement, found: Partial<Record<F, string>>): boolean => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) focusField(form, first);
    return first !== undefined;
  };
  return { errors, setErrors, show };
}
