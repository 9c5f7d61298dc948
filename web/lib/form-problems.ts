import { useCallback, useRef } from 'react';

/**
 * Where a refused form's problems are (docs/product/messages.md#forms): an input Mantine marks
 * (`aria-invalid`), or a group of answers (chips, a segmented control, the card's frame) whose
 * wrapper carries `data-problem`.
 */
const MARKED = '[aria-invalid="true"], [data-problem="true"]';
const FOCUSABLE =
  'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The first marked field of a form, in the order the eye reads it. */
export function firstProblem(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>(MARKED);
}

/**
 * Brings a field into the middle of the screen (its message, under it, with it) and gives it the
 * focus, so a screen reader reads its message too. A group is focused on its first answer.
 */
export function revealField(field: HTMLElement): void {
  const target = field.matches(FOCUSABLE)
    ? field
    : (field.querySelector<HTMLElement>(FOCUSABLE) ?? field);
  // Centre the wrapper, not the bare input, so the message under it shows as well.
  const wrapper = field.closest<HTMLElement>('.mantine-InputWrapper-root') ?? field;
  wrapper.scrollIntoView({ block: 'center', behavior: 'instant' });
  if (target === field && !target.matches(FOCUSABLE)) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/**
 * The one helper every form uses to show a refused submit: after the form has drawn its marks,
 * the first field in error comes into view with the focus (on a phone it may be a screen above
 * the button, or above the visible part of a full-screen dialog). A form marks its fields as it
 * always did (Mantine's `error`, or `data-problem` on a group) and calls `reveal()` after a submit
 * it refused, by its own checks or by the server's answer.
 */
export function useFormProblems<Element extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<Element>(null);
  const reveal = useCallback(() => {
    // The marks render after the state change that sets them: look for a few frames.
    let frames = 0;
    const look = () => {
      const root = ref.current;
      const field = root ? firstProblem(root) : null;
      if (field) revealField(field);
      else if (root && ++frames < 20) window.requestAnimationFrame(look);
    };
    window.requestAnimationFrame(look);
  }, []);
  return { ref, reveal };
}
