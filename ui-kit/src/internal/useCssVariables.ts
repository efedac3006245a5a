import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { useCallback, type Ref, type RefCallback } from 'react';

type CssVariables = Record<`--${string}`, string | null | undefined>;

/**
 * Sets CSS custom properties on an element through the CSSOM, for values no class can express (a
 * progress percentage, a caller's length); an absent value removes the property. Never a
 * `style` attribute: the markup stays valid under a Content-Security-Policy without
 * `'unsafe-inline'` styles, and the stylesheet, on tokens, does the styling from the variables.
 */
export function setCssVariables(element: HTMLElement | null, variables: CssVariables): void {
  if (!element) return;
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined || value === null) element.style.removeProperty(name);
    else element.style.setProperty(name, value);
  }
}

/**
 * A ref callback applying `setCssVariables`, stable while the values are, composed with the
 * caller's own `ref` (which receives the element too).
 */
export function useCssVariables<T extends HTMLElement>(
  variables: CssVariables,
  ref?: Ref<T>,
): RefCallback<T> {
  // Keyed by value, so a new object with the same values keeps the same callback.
  const serialized = JSON.stringify(Object.entries(variables));
  const applyVariables = useCallback(
    (element: T | null) =>
      // JSON keeps an unset value as null, which removes the property too.
      setCssVariables(
        element,
        Object.fromEntries(JSON.parse(serialized) as Array<[`--${string}`, string | null]>),
      ),
    [serialized],
  );
  return useComposedRefs(ref, applyVariables);
}
